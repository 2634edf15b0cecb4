#!/usr/bin/env bash
# Installs a second (or third) real Swift compiler from Debian's registry into a root of its own and prints the path of
# a `swiftc` wrapper that bench, and a person, call like any swiftc:
#
#   scripts/install-toolchain.sh debian-6.0|debian-6.2 [--prefix DIR]
#   scripts/install-toolchain.sh --list
#
#   debian-6.0   Swift 6.0.3, a release build (Debian 13 "trixie", package swiftlang)
#   debian-6.2   Swift 6.2.3, built with assertions (Debian unstable "sid", package swiftlang)
#   --prefix DIR where toolchains live (default: $TYPECHECKBENCH_TOOLCHAINS, else
#                ${XDG_CACHE_HOME:-$HOME/.cache}/typecheckbench/toolchains); each gets DIR/NAME/{root,bin/swiftc}
#   --check      print the wrapper's path when NAME is installed and answers --version, else exit 1 (installs nothing)
#   --list       the toolchains this script knows, and which are installed under the prefix
#   DEBIAN_MIRROR  environment: the registry (default http://deb.debian.org/debian)
#
# Both compilers need a newer C library than Debian 12 has, so each gets a minimal Debian root (debootstrap
# --variant=minbase, about a minute) with swiftlang and libc6-dev installed in it, and valgrind, with which bench's
# --meter instructions counts the compiler inside its root (about 1.5 minutes; 2.7 GB for debian-6.0, 3.3 GB for
# debian-6.2). The wrapper runs the root's driver under bubblewrap (`bwrap`) with the host's
# own folders (the working folder, the temporary folder, home, /work, /tmp, …) at the same paths, so relative and
# absolute paths, standard streams and the exit status pass through; a compiler killed by a signal kills the wrapper
# with the same signal, a signal sent to the wrapper reaches the compiler, and killing the wrapper's process group (as
# bench's --timeout does) ends the compiler. Running the script again on an installed toolchain changes nothing and
# prints the same path; an interrupted install completes when run again. As root it uses debootstrap; otherwise it
# needs mmdebstrap and unprivileged user namespaces. docs/toolchains.md says more.
#
# Exit status: 0 installed (the wrapper's path on stdout), 1 --check found it missing, 64 bad arguments, 69 a
# requirement is missing (root or an unprivileged route, debootstrap, bwrap, disk space, the registry), 70 the install
# failed.
set -euo pipefail

script_dir="$(cd "$(dirname "$0")" && pwd)"

# name suite expected-version apt-options
catalog() {
  case "$1" in
    debian-6.0) echo "trixie 6.0.3 -" ;;
    # sid's Release file on the registry this project reaches is past its Valid-Until date.
    debian-6.2) echo "sid 6.2.3 -oAcquire::Check-Valid-Until=false" ;;
    *) return 1 ;;
  esac
}
known="debian-6.0 debian-6.2"
# Disk a toolchain needs while installing, in KiB (the root's final size plus apt's downloaded packages).
needed_kib=$((5 * 1024 * 1024))

die() { echo "install-toolchain: $2" >&2; exit "$1"; }
# Anything else that fails still ends in one line naming where.
trap 'echo "install-toolchain: failed at line $LINENO of $0 (run it again to retry)" >&2; exit 70' ERR

name="" prefix="${TYPECHECKBENCH_TOOLCHAINS:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/typecheckbench/toolchains}"
check_only=false list=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) [[ $# -ge 2 && -n "$2" ]] || die 64 "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; [[ -n "$prefix" ]] || die 64 "--prefix needs a folder"; shift ;;
    --check) check_only=true; shift ;;
    --list) list=true; shift ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die 64 "unknown option '$1' (see --help)" ;;
    *) [[ -z "$name" ]] || die 64 "one toolchain at a time (got '$name' and '$1')"; name="$1"; shift ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

if $list; then
  for each in $known; do
    read -r suite version _ <<<"$(catalog "$each")"
    state="not installed"
    [[ -f "$prefix/$each/installed" ]] && state="installed: $prefix/$each/bin/swiftc"
    printf '%-11s Swift %-6s Debian %-7s %s\n' "$each" "$version" "$suite" "$state"
  done
  exit 0
fi
[[ -n "$name" ]] || die 64 "name a toolchain: $known (see --help)"
spec="$(catalog "$name")" || die 64 "unknown toolchain '$name': expected one of $known"
read -r suite version apt_option <<<"$spec"
[[ "$apt_option" == "-" ]] && apt_option=""
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
home="$prefix/$name"
root="$home/root"
staging="$home/root.partial"
wrapper="$home/bin/swiftc"

# Runs a command inside a root (the staging one unless ROOT_DIR says otherwise): as root, bwrap binds it as / with
# /proc and /dev, and nothing mounted outlives the call.
in_staging() {
  bwrap --bind "${ROOT_DIR:-$staging}" / --proc /proc --dev /dev --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin --setenv DEBIAN_FRONTEND noninteractive --unsetenv LD_LIBRARY_PATH \
    --die-with-parent "$@"
}

# The wrapper answers --version like the compiler it runs: an installed toolchain needs nothing more.
installed_version() {
  [[ -f "$home/installed" && -x "$wrapper" && -d "$root" ]] || return 1
  local text
  text="$("$wrapper" --version 2>/dev/null)" || return 1
  [[ "$text" == *"Swift version $version"* ]]
}
# The wrapper, from the template beside this script, moved into place whole (and rewritten when the template changed;
# the compiler it runs stays as it is).
write_wrapper() {
  mkdir -p "$home/bin"
  sed -e "s|@ROOT@|$root|g" -e "s|@NAME@|$name|g" -e "s|@SUITE@|$suite|g" -e "s|@VERSION@|$version|g" \
    -e "s|@INSTALLER@|$script_dir/install-toolchain.sh|g" "$script_dir/toolchain-wrapper.sh.in" >"$wrapper.tmp"
  chmod 755 "$wrapper.tmp"
  if cmp -s "$wrapper.tmp" "$wrapper"; then rm -f "$wrapper.tmp"; else mv "$wrapper.tmp" "$wrapper"; fi
}
packages=(swiftlang libc6-dev valgrind)
# Adds valgrind to an installed root that lacks it (installed before valgrind was among the packages).
add_valgrind() {
  echo "install-toolchain: adding valgrind to $root (bench's --meter instructions counts with it)" >&2
  if ! ROOT_DIR="$root" in_staging apt-get ${apt_option:+"$apt_option"} -qq update >&2 \
    || ! ROOT_DIR="$root" in_staging apt-get ${apt_option:+"$apt_option"} -y -qq --no-install-recommends \
      install valgrind >&2; then
    die 70 "apt-get install valgrind inside $root failed; run the same command again to retry"
  fi
  ROOT_DIR="$root" in_staging apt-get clean >&2 || true
}
# An installed root gets the current wrapper first (a template changed since), then must answer through it.
if [[ -f "$home/installed" && -d "$root" ]] && ! $check_only; then write_wrapper; fi
if installed_version; then
  if ! $check_only; then
    [[ -x "$root/usr/bin/valgrind" || "$(id -u)" != 0 ]] || add_valgrind
  fi
  echo "$wrapper"
  exit 0
fi
$check_only && { echo "install-toolchain: $name is not installed under $prefix" >&2; exit 1; }

# Requirements, each refused with one line before anything is written.
command -v bwrap >/dev/null 2>&1 || die 69 "bubblewrap is missing: apt-get install bubblewrap"
unprivileged=false
if [[ "$(id -u)" != 0 ]]; then
  command -v mmdebstrap >/dev/null 2>&1 \
    || die 69 "not root, and the unprivileged route needs mmdebstrap (apt-get install mmdebstrap): run as root, or install it"
  unshare --user --map-root-user true 2>/dev/null \
    || die 69 "not root, and this kernel refuses unprivileged user namespaces (unshare --user): run as root"
  unprivileged=true
else
  command -v debootstrap >/dev/null 2>&1 || die 69 "debootstrap is missing: apt-get install debootstrap"
fi
mkdir -p "$home" 2>/dev/null || die 69 "cannot create $home"
free_kib=$(df -Pk "$home" | awk 'NR == 2 { print $4 }')
partial_kib=0
# (A killed debootstrap leaves /proc mounted inside, whose files du cannot all read.)
[[ -d "$staging" ]] && partial_kib=$( (du -sk -x "$staging" 2>/dev/null || true) | awk '{ print $1 + 0 }')
if (( free_kib + partial_kib < needed_kib )); then
  die 69 "$name needs about $((needed_kib / 1024 / 1024)) GiB free under $home; $((free_kib / 1024)) MiB are free"
fi
# The registry, asked for the suite's release file (curl, wget or Python, whichever is here).
release_url="$mirror/dists/$suite/InRelease"
reachable=false
if command -v curl >/dev/null 2>&1; then
  curl -fsI --max-time 20 "$release_url" >/dev/null 2>&1 && reachable=true
elif command -v wget >/dev/null 2>&1; then
  wget -q --spider --timeout=20 "$release_url" && reachable=true
elif command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20)' "$release_url" \
    2>/dev/null && reachable=true
fi
$reachable || die 69 "cannot reach Debian's registry at $release_url (set DEBIAN_MIRROR to another mirror)"


# Removes a root: an unprivileged one belongs to the user's subordinate ids, which only a user namespace can remove.
remove_tree() {
  [[ -e "$1" ]] || return 0
  if $unprivileged; then
    unshare --map-auto --map-root-user rm -rf "$1" 2>/dev/null || true
  fi
  rm -rf "$1" 2>/dev/null || die 70 "cannot remove $1 (is something mounted in it?)"
}

# Removes a partial root: debootstrap mounts /proc (and more) inside it while it works, and a killed debootstrap leaves
# them mounted, so those are unmounted first (deepest first).
remove_partial() {
  local mounted
  if [[ -r /proc/mounts ]]; then
    while read -r mounted; do
      umount -l "$mounted" 2>/dev/null || true
    done < <(awk -v root="$staging" 'index($2, root "/") == 1 { print $2 }' /proc/mounts | sort -r)
  fi
  rm -f "$staging.base" "$staging.complete"
  remove_tree "$staging"
}

echo "install-toolchain: $name (Swift $version from Debian $suite) into $home" >&2
# A root that was removed or broken after a finished install is built again from scratch.
if [[ -e "$root" ]]; then
  echo "install-toolchain: $root does not answer as Swift $version; installing it again" >&2
  rm -f "$home/installed"
  remove_tree "$root"
fi
started=$(date +%s)
if $unprivileged; then
  # mmdebstrap builds the whole root in one step inside a user namespace; an interrupted one starts over.
  # The markers stand beside the partial root: an unprivileged root is not the user's to write into.
  if [[ ! -f "$staging.complete" ]]; then
    remove_partial
    mmdebstrap --mode=unshare --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" \
      ${apt_option:+--aptopt="${apt_option#-o}"} "$suite" "$staging" "$mirror" >&2 \
      || die 70 "mmdebstrap $suite failed (its output is above); run the same command again to retry"
    touch "$staging.complete"
  fi
else
  if [[ ! -f "$staging.base" ]]; then
    remove_partial
    debootstrap --variant=minbase "$suite" "$staging" "$mirror" >&2 \
      || die 70 "debootstrap $suite failed (its output is above); run the same command again to retry"
    touch "$staging.base"
  fi
  # An install interrupted half way leaves dpkg with unconfigured packages: finish those first.
  in_staging dpkg --configure -a >&2 || true
  in_staging apt-get ${apt_option:+"$apt_option"} -qq update >&2 \
    || die 70 "apt-get update inside the $suite root failed; run the same command again to retry"
  in_staging apt-get ${apt_option:+"$apt_option"} -y -qq --no-install-recommends install "${packages[@]}" >&2 \
    || die 70 "apt-get install swiftlang inside the $suite root failed; run the same command again to retry"
  in_staging apt-get clean >&2 || true
fi
text="$(in_staging /usr/bin/swiftc --version 2>&1)" \
  || die 70 "the installed compiler does not run: $(head -n 1 <<<"$text")"
[[ "$text" == *"Swift version $version"* ]] \
  || die 70 "expected Swift $version in $suite, found: $(head -n 1 <<<"$text")"
mv "$staging" "$root"
rm -f "$staging.base" "$staging.complete"

write_wrapper
"$wrapper" --version >/dev/null 2>&1 || die 70 "the wrapper $wrapper does not run the compiler"
printf '%s\n' "$text" >"$home/installed"
echo "install-toolchain: $name installed in $(( $(date +%s) - started )) s ($(du -sh "$root" 2>/dev/null | cut -f1))" >&2
echo "$wrapper"
