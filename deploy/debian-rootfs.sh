#!/usr/bin/env bash
# Makes a Debian root file system with systemd and a Java 17 runtime, for the tests that install the
# .deb and boot it under systemd (systemd-nspawn --boot), and for container base images
# (docker import). Built with debootstrap from the Debian mirror, once: a directory that already
# holds a complete one (its .complete marker) is left as it is.
#
# Usage: deploy/debian-rootfs.sh DIR [SUITE]     (SUITE: bookworm by default)
set -euo pipefail

dir="${1:?usage: debian-rootfs.sh DIR [SUITE]}"
suite="${2:-bookworm}"
if [[ -f "$dir/.complete" ]]; then
  exit 0
fi
if ! command -v debootstrap >/dev/null; then
  echo "debian-rootfs.sh: installing debootstrap with apt-get" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >&2
fi
rm -rf "$dir"
mkdir -p "$(dirname "$dir")"
debootstrap --variant=minbase \
  --include=systemd,systemd-sysv,dbus,openjdk-17-jre-headless,procps,adduser \
  "$suite" "$dir" http://deb.debian.org/debian >&2
# As the Debian installer leaves them: the machine's own name resolves (Storm's Nimbus needs that).
echo lachesis-debian > "$dir/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tlachesis-debian\n' > "$dir/etc/hosts"
touch "$dir/.complete"
