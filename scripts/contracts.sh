#!/usr/bin/env bash
# The published contract artefact, in dist/contracts/ or CONTRACTS_OUT (`pnpm contracts`; CI uploads it):
#   tarmac-contracts-<version>.binpb  a `buf build` image: every .proto of proto/ and the
#                                     well-known types they import, with comments (source info).
#                                     A FileDescriptorSet as protoc reads it (--descriptor_set_in).
#   tarmac-protos-<version>.tar.gz    the .proto sources, import paths from the archive's root, with
#                                     a buf.yaml so `buf build` or `buf generate` run in it as is.
#   SHA256SUMS
# <version> is CONTRACTS_VERSION when set (CI: the release tag without its v, or a dev version),
# else package.json's version.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${CONTRACTS_VERSION:-$(node -p 'require("./package.json").version')}"
out="${CONTRACTS_OUT:-dist/contracts}"
rm -rf "$out"
mkdir -p "$out"

buf build --output "$out/tarmac-contracts-$version.binpb"

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
root="$staging/tarmac-protos-$version"
mkdir -p "$root"
(cd proto && find . -name '*.proto' -not -path './gen/*' -print0 | xargs -0 tar -cf - | tar -xf - -C "$root")
printf 'version: v2\n' >"$root/buf.yaml"
tar -czf "$out/tarmac-protos-$version.tar.gz" -C "$staging" "tarmac-protos-$version"

(
  cd "$out"
  if command -v sha256sum >/dev/null; then sha256sum -- *.binpb *.tar.gz; else shasum -a 256 -- *.binpb *.tar.gz; fi
) >"$out/SHA256SUMS.tmp"
mv "$out/SHA256SUMS.tmp" "$out/SHA256SUMS"
ls -l "$out"
