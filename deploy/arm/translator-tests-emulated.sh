#!/usr/bin/env bash
# Runs lachesis-translators' tests — the JNA layer against the real kernel (setpriority,
# sched_setscheduler, cgroup files, /proc of real child JVMs) and the unit tests — on an emulated
# ARM machine: a Debian 12 arm64 or armhf root file system (debootstrap) with its own Java 17,
# entered with chroot, every ARM binary run by qemu-user-static through binfmt_misc. The kernel is
# this machine's; the JVM, JNA's native library and the test code run as ARM code.
#
# Usage: deploy/arm/translator-tests-emulated.sh arm64|armhf [JUNIT_ARGS...]
#   (after mvn install of the translators module and what it depends on; as root;
#   prints JUnit's summary, exits with its code)
set -euo pipefail

arch="${1:?usage: translator-tests-emulated.sh arm64|armhf [JUNIT_ARGS...]}"
shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rootfs="/var/tmp/lachesis-rootfs/bookworm-$arch"
repo="${MAVEN_REPO:-$HOME/.m2/repository}"
junit_version=1.14.4
console="$repo/org/junit/platform/junit-platform-console-standalone/$junit_version/junit-platform-console-standalone-$junit_version.jar"

say() { printf 'translator-tests-emulated.sh: %s\n' "$*" >&2; }

# qemu-user-static registers itself with binfmt_misc, which must be mounted.
if ! command -v qemu-aarch64-static >/dev/null || ! command -v update-binfmts >/dev/null; then
  say "installing qemu-user-static and binfmt-support with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends qemu-user-static binfmt-support >&2
fi
if [[ ! -e /proc/sys/fs/binfmt_misc/register ]]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
update-binfmts --enable qemu-arm >/dev/null 2>&1 || true

if [[ ! -f "$rootfs/.complete" ]]; then
  say "building the $arch root file system in $rootfs (debootstrap under emulation: several minutes)"
  rm -rf "$rootfs"
  debootstrap --variant=minbase --arch="$arch" --include=openjdk-17-jre-headless,procps \
    bookworm "$rootfs" http://deb.debian.org/debian >&2
  touch "$rootfs/.complete"
fi

if [[ ! -f "$console" ]]; then
  mvn -B -q dependency:get -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_version" >&2
fi
classpath_file="$(mktemp)"
(cd "$root" && mvn -B -q -o dependency:build-classpath -pl lachesis-translators -Dmdep.includeScope=test \
  -Dmdep.outputFile="$classpath_file" >&2)
dependencies="$(cat "$classpath_file")"
rm -f "$classpath_file"

# The checkout's sources and the module's class directories are copied into a tmpfs /tmp: a
# 32-bit guest's readdir fails with EOVERFLOW on the host's ext4 (64-bit directory offsets), and the
# tests scan class directories (the CLI's test plug-ins) and the project's sources (JNA's
# confinement). The Maven repository is bound at the same path inside; /proc, /sys and /dev are the
# host's.
mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount -l "${mounts[$i]}" 2>/dev/null || true
  done
}
trap cleanup EXIT
bind() { # host path, rbind or bind
  mkdir -p "$rootfs$1"
  mount "--$2" "$1" "$rootfs$1"
  mounts+=("$rootfs$1")
}
bind /proc rbind
bind /sys rbind
bind /dev rbind
bind "$repo" bind
mkdir -p "$rootfs/tmp"
mount -t tmpfs -o mode=1777 tmpfs "$rootfs/tmp"
mounts+=("$rootfs/tmp")
project=/tmp/lachesis
(cd "$root" && find . -name target -prune -o \( -name '*.java' -o -name pom.xml \) -print0 \
  | tar --null -T - -cf -) | tar -xf - -C "$rootfs/tmp" --transform "s,^\.,${project#/tmp/},"
mkdir -p "$rootfs$project/lachesis-translators/target"
cp -r "$root/lachesis-translators/target/classes" "$root/lachesis-translators/target/test-classes" \
  "$rootfs$project/lachesis-translators/target/"
module="$project/lachesis-translators"
classpath="$module/target/test-classes:$module/target/classes:$dependencies"

# The tests run in the module's directory, as under Maven; their child JVMs take their class path
# from java.class.path, so the tests go on the JVM's own.
say "$(chroot "$rootfs" uname -m): $(chroot "$rootfs" java -version 2>&1 | head -1)"
chroot "$rootfs" /usr/bin/env -i --chdir="$module" PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
  java --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -cp "$classpath:$console" \
  org.junit.platform.console.ConsoleLauncher execute --select-package dev.lachesis.translators \
  --exclude-tag benchmark --details=summary --disable-banner "$@"
