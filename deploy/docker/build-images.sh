#!/usr/bin/env bash
# Builds the container images offline (no registry is needed): lachesis/debian-java:bookworm, a
# Debian 12 with a Java 17 runtime imported from the root file system of deploy/debian-rootfs.sh,
# and lachesis:VERSION, the daemon from the tarball of `mvn package` on top of it. An image that
# already exists is kept, except lachesis:VERSION, rebuilt from the current tarball.
#
# Usage: deploy/docker/build-images.sh     (after mvn package; needs a running dockerd)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
docker="${DOCKER:-docker}"
base=lachesis/debian-java:bookworm
rootfs=/var/tmp/lachesis-rootfs/bookworm

if ! "$docker" image inspect "$base" >/dev/null 2>&1; then
  "$root/deploy/debian-rootfs.sh" "$rootfs"
  tar -C "$rootfs" --exclude=./.complete -c . \
    | "$docker" import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$base" >&2
fi

shopt -s nullglob
tarballs=("$root"/lachesis-dist/target/lachesis-*.tar.gz)
if [[ ${#tarballs[@]} -ne 1 ]]; then
  echo "build-images.sh: expected one lachesis-dist/target/lachesis-*.tar.gz, found ${#tarballs[@]}; run mvn package first" >&2
  exit 1
fi
name="${tarballs[0]##*/}"
version="${name#lachesis-}"
version="${version%.tar.gz}"
"$docker" build --quiet --build-arg "VERSION=$version" --tag "lachesis:$version" \
  --file "$root/deploy/docker/Dockerfile" "$root/lachesis-dist/target" >&2
echo "lachesis:$version"
