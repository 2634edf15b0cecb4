#!/usr/bin/env bash
# Installs a second (or third) real Swift compiler from Debian's registry into a root of its own and prints the path of
# a `swiftc` wrapper that bench, and a person, call like any swiftc:
#
#   scripts/install-toolchain.sh debian-6.0|debian-6.2 [--prefix DIR]
#   scripts/install-toolchain.sh --list | NAME --check [--prefix DIR]
#
#   debian-6.0   Swift 6.0.3, a release build (Debian 13 "trixie", package swiftlang)
#   debian-6.2   Swift 6.2.3, built with assertions (Debian unstable "sid", package swiftlang)
#   --prefix DIR where toolchains live (default: $TYPECHECKBENCH_TOOLCHAINS, else
#                ${XDG_CACHE_HOME:-$HOME/.cache}/typecheckbench/toolchains), never inside this checkout; each gets
#                DIR/NAME/{root,bin/swiftc}
#   --check      print the wrapper's path when NAME works (its root holds the driver, the frontend, the standard
#                library's Swift.swiftmodule and libswiftCore.so, and the wrapper answers --version as the expected
#                Swift), else say what is wrong and exit 1 (changes nothing)
#   --list       the toolchains this script knows, and the state of each under the prefix (the same test as --check)
#   DEBIAN_MIRROR  environment: the registry (default http://deb.debian.org/debian)
#
# Both compilers need a newer C library than Debian 12 has, so each gets a minimal Debian root (debootstrap
# --variant=minbase, about a minute) with swiftlang and libc6-dev installed in it, and valgrind, with which bench's
# --meter instructions counts the compiler inside its root (about 1.5 minutes; 2.7 GB for debian-6.0, 3.3 GB for
# debian-6.2). The wrapper runs the root's driver under bubblewrap (`bwrap`) with the host's own folders (the working
# folder, the temporary folder, home, /work, /tmp, /var, /run, /dev/shm, …) at the same paths, so relative and absolute
# paths, standard streams and the exit status pass through; a compiler killed by a signal kills the wrapper with the
# same signal, a signal sent to the wrapper reaches the compiler, and killing the wrapper's process group (as bench's
# --timeout does) ends the compiler. Running the script again on a working toolchain changes nothing and prints the
# same path; a root that does not work is moved aside (never deleted; the line says where) and installed again; an
# interrupted install goes on when run again. One install at a time per prefix (a second waits for the first). As root
# it uses debootstrap, and installs debootstrap and bubblewrap with apt-get when they are missing; otherwise it needs
# mmdebstrap and unprivileged user namespaces. A root is built only in a path of letters, digits and . _ + , : @ % = -
# (debootstrap splits or evaluates others, a space among them). docs/toolchains.md says more.
#
# Exit status: 0 installed (the wrapper's path on stdout), 1 --check found it missing or not working, 64 bad arguments
# (a prefix inside the checkout, or one a root cannot be built in), 69 a requirement is missing (root or an
# unprivileged route, debootstrap, bwrap, disk space, the registry), 70 the install failed, 130 (143, 129)
# interrupted by SIGINT (SIGTERM, SIGHUP): run the same command again to go on.
set -Eeuo pipefail

script_dir="$(cd "$(dirname "$0")" && pwd -P)"
checkout="$(cd "$script_dir/.." && pwd -P)"

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
# What the wrapper needs from a root (the wrapper template checks the same files).
frontend=/usr/libexec/swift/bin/swift-frontend
needed_files=(/usr/bin/swiftc "$frontend" /usr/libexec/swift/lib/swift/linux/Swift.swiftmodule
  /usr/libexec/swift/lib/swift/linux/libswiftCore.so)

die() { echo "install-toolchain: $2" >&2; exit "$1"; }
# Anything else that fails still ends in one line naming where.
trap 'echo "install-toolchain: failed at line $LINENO of $0 (run it again to retry)" >&2; exit 70' ERR

# Folders this run created (removed again when they are left empty), and temporary ones (always removed).
created=()
temporary=()
staging=""
# shellcheck disable=SC2317  # called from the EXIT trap
clean_up() {
  local index
  for index in "${temporary[@]}"; do rm -rf "$index" 2>/dev/null || true; done
  [[ -z "${wrapper:-}" ]] || rm -f "$wrapper.tmp" 2>/dev/null || true
  [[ -z "$staging" ]] || rmdir "$staging" 2>/dev/null || true
  [[ -z "${home:-}" ]] || rmdir "$home/bin" 2>/dev/null || true
  for ((index = ${#created[@]} - 1; index >= 0; index--)); do rmdir "${created[index]}" 2>/dev/null || true; done
}
trap clean_up EXIT
# A signal (Ctrl-C) ends the install as interrupted: what was downloaded stays for the next run.
# shellcheck disable=SC2317  # called from the traps below
interrupted() {
  trap - ERR
  local kept="nothing was installed"
  [[ -n "$staging" && -n "$(ls -A "$staging" 2>/dev/null)" ]] && kept="the partial root $staging is kept"
  echo "install-toolchain: interrupted by SIG$1 ($kept); run the same command again to go on" >&2
  exit "$2"
}
trap 'interrupted INT 130' INT
trap 'interrupted TERM 143' TERM
trap 'interrupted HUP 129' HUP

name="" prefix="${TYPECHECKBENCH_TOOLCHAINS:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/typecheckbench/toolchains}"
check_only=false list=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) [[ $# -ge 2 && -n "$2" ]] || die 64 "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; [[ -n "$prefix" ]] || die 64 "--prefix needs a folder"; shift ;;
    --check) check_only=true; shift ;;
    --list) list=true; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) die 64 "unknown option '$1' (see --help)" ;;
    *) [[ -z "$name" ]] || die 64 "one toolchain at a time (got '$name' and '$1')"; name="$1"; shift ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
# Every path is carried quoted, but a line break (or another control character) would split the wrapper's answers.
if [[ "$prefix" =~ [[:cntrl:]] ]]; then
  die 64 "the prefix holds a line break or another control character, which a wrapper's path cannot carry: choose another --prefix"
fi

# A private temporary folder in `folder` (the caller's TMPDIR may name a missing folder, or one no root can see).
private_temporary() {
  folder=$(mktemp -d /tmp/typecheckbench-install.XXXXXX 2>/dev/null) \
    || folder=$(mktemp -d "$1/.install-check.XXXXXX" 2>/dev/null) || return 1
  temporary+=("$folder")
}

# Whether toolchain NAME (expected VERSION) under HOME works as its wrapper needs it; sets `reason` when it does not
# (`reason_kind` missing or broken) and `answer` to its --version text when it does. Changes nothing.
works() {
  local home="$1" name="$2" version="$3" needed text folder
  local root="$home/root" wrapper="$home/bin/swiftc"
  reason="" reason_kind=broken answer=""
  if [[ ! -e "$root" && ! -L "$root" ]]; then
    reason="not installed" reason_kind=missing
    return 1
  fi
  for needed in "${needed_files[@]}"; do
    [[ -e "$root$needed" ]] || { reason="its root lacks $needed"; return 1; }
  done
  [[ -x "$wrapper" ]] || { reason="its wrapper $wrapper is missing"; return 1; }
  # (A prefix copied or moved elsewhere keeps a wrapper that runs the old root.)
  text=$(TYPECHECKBENCH_WRAPPER_INFO=1 "$wrapper" 2>/dev/null </dev/null) || text=""
  if ! grep -qxF "root $root" <<<"$text"; then
    reason="its wrapper $wrapper runs another root ($(sed -n 's/^root //p' <<<"$text" | head -n 1))"
    return 1
  fi
  command -v bwrap >/dev/null 2>&1 || { reason="bubblewrap is missing (apt-get install bubblewrap)"; return 1; }
  private_temporary "$home" || { reason="no temporary folder can be made in /tmp or $home"; return 1; }
  # In a folder of the root's own, with a temporary folder that exists: the answer depends on the root alone.
  if ! text=$(cd "$folder" && TMPDIR="$folder" "$wrapper" --version 2>&1 </dev/null); then
    reason="its wrapper does not run the compiler: $(head -n 1 <<<"$text")"
    return 1
  fi
  if [[ "$text" != *"Swift version $version"* ]]; then
    reason="it answers as $(head -n 1 <<<"$text"), not as Swift $version"
    return 1
  fi
  answer="$text"
}

if $list; then
  for each in $known; do
    read -r suite version _ <<<"$(catalog "$each")"
    if works "$prefix/$each" "$each" "$version"; then
      state="installed: $prefix/$each/bin/swiftc"
    elif [[ "$reason_kind" == missing ]]; then
      state="not installed"
      [[ ! -d "$prefix/$each/root.partial" ]] || state="not installed (an install was interrupted: run it again to go on)"
    else
      state="not working: $reason (run the installer again to repair it)"
    fi
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
wrapper="$home/bin/swiftc"

if $check_only; then
  works "$home" "$name" "$version" && { printf '%s\n' "$wrapper"; exit 0; }
  if [[ "$reason_kind" == missing ]]; then
    [[ ! -d "$home/root.partial" ]] || die 1 "$name is not installed under $prefix (an install was interrupted: run it again to go on)"
    die 1 "$name is not installed under $prefix"
  fi
  die 1 "$name under $prefix does not work: $reason (run scripts/install-toolchain.sh $name to repair it)"
fi

# A prefix inside the checkout would put gigabytes of untracked files in it.
physical_prefix=$(realpath -m "$prefix" 2>/dev/null) || physical_prefix="$prefix"
if [[ -f "$checkout/Package.swift" ]] \
  && [[ "$physical_prefix" == "$checkout" || "$physical_prefix" == "$checkout"/* ]]; then
  die 64 "the prefix $prefix lies inside this checkout ($checkout), where a root would be gigabytes of untracked files: choose a --prefix outside it"
fi

# Installs Debian package PACKAGE for COMMAND when it is missing: as root with apt-get, otherwise naming the command.
require() {
  local command="$1" package="$2"
  command -v "$command" >/dev/null 2>&1 && return 0
  if [[ "$(id -u)" != 0 ]]; then
    die 69 "$package is missing: install it (sudo apt-get install $package) and run this again"
  fi
  command -v apt-get >/dev/null 2>&1 || die 69 "$package is missing, and there is no apt-get here to install it with"
  echo "install-toolchain: installing $package (apt-get install $package)" >&2
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2 </dev/null; then
    { apt-get update -qq >&2 </dev/null \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2 </dev/null; } \
      || die 69 "apt-get install $package failed (its output is above)"
  fi
  command -v "$command" >/dev/null 2>&1 || die 69 "apt-get installed $package, but $command is still missing"
}
require bwrap bubblewrap
command -v flock >/dev/null 2>&1 || die 69 "flock is missing (apt-get install util-linux)"
# bubblewrap must be able to run at all before a root that does not answer through it is judged broken.
bwrap_error=$(bwrap --ro-bind / / --dev /dev true 2>&1) \
  || die 69 "bubblewrap cannot run here: $(head -n 1 <<<"$bwrap_error")"

# The prefix, created as needed (each folder made here is removed again if it is left empty), and locked: one install
# at a time per prefix, a second waits for the first.
make_folder() {
  local folder="$1" missing=()
  while [[ ! -e "$folder" && "$folder" != / ]]; do missing=("$folder" "${missing[@]}"); folder=$(dirname "$folder"); done
  mkdir -p "$1" 2>/dev/null || return 1
  created+=("${missing[@]}")
}
make_folder "$prefix" || die 69 "cannot create $prefix"
[[ -d "$prefix" ]] || die 69 "cannot create $prefix (a file is in the way)"
while true; do
  exec {lock}<"$prefix"
  if ! flock -n "$lock"; then
    echo "install-toolchain: another install into $prefix is running; waiting for it to end" >&2
    flock "$lock"
  fi
  # The folder locked must still be the prefix (an install that ended may have removed the prefix it had made).
  [[ -d "$prefix" && "$(stat -L -c %d:%i "$prefix")" == "$(stat -L -c %d:%i "/dev/fd/$lock")" ]] && break
  exec {lock}<&-
  make_folder "$prefix" || die 69 "cannot create $prefix"
done
make_folder "$home" || die 69 "cannot create $home"
staging="$home/root.partial"

# Runs a command inside a root (the staging one unless ROOT_DIR says otherwise): as root, bwrap binds it as / with
# /proc and /dev, and nothing mounted outlives the call. The root's own /tmp is its temporary folder, whatever the
# caller's TMPDIR.
in_staging() {
  bwrap --bind "${ROOT_DIR:-$staging}" / --proc /proc --dev /dev --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin --setenv DEBIAN_FRONTEND noninteractive --setenv TMPDIR /tmp \
    --unsetenv LD_LIBRARY_PATH --chdir / --die-with-parent "$@"
}

# The wrapper, from the template beside this script, with each path quoted for the template's single quotes, moved
# into place whole (and rewritten when the template changed; the compiler it runs stays as it is).
write_wrapper() {
  local text quoted_root="${root//\'/\'\\\'\'}" quoted_installer="$script_dir/install-toolchain.sh"
  quoted_installer="${quoted_installer//\'/\'\\\'\'}"
  text="$(<"$script_dir/toolchain-wrapper.sh.in")"
  text="${text//@ROOT@/"$quoted_root"}"
  text="${text//@INSTALLER@/"$quoted_installer"}"
  text="${text//@NAME@/"$name"}"
  text="${text//@SUITE@/"$suite"}"
  text="${text//@VERSION@/"$version"}"
  mkdir -p "$home/bin" || die 70 "cannot create $home/bin"
  { printf '%s\n' "$text" >"$wrapper.tmp" && chmod 755 "$wrapper.tmp"; } || die 70 "cannot write $wrapper.tmp"
  if cmp -s "$wrapper.tmp" "$wrapper"; then rm -f "$wrapper.tmp"; else mv -f "$wrapper.tmp" "$wrapper"; fi
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
# A root that is there gets the current wrapper first (a template changed since), then must answer through it. One
# that answers is kept whatever else is missing (its marker is written again).
if [[ -d "$root" ]]; then write_wrapper; fi
if works "$home" "$name" "$version"; then
  [[ -f "$home/installed" ]] || printf '%s\n' "$answer" >"$home/installed"
  [[ -x "$root/usr/bin/valgrind" || "$(id -u)" != 0 ]] || add_valgrind
  printf '%s\n' "$wrapper"
  exit 0
fi
broken_reason=""
[[ "$reason_kind" == missing ]] || broken_reason="$reason"

# Requirements, each refused with one line before anything is downloaded or moved.
# The characters debootstrap takes in a path (bytes past ASCII too): it splits the path on spaces and evaluates it.
unbuildable() {
  local LC_ALL=C rest="$1"
  rest="${rest//[A-Za-z0-9._+,:@%=\/-]/}"
  rest="${rest//[$'\x80'-$'\xff']/}"
  printf '%s' "${rest:0:1}"
}
bad=$(unbuildable "$staging")
if [[ -n "$bad" ]]; then
  [[ "$bad" == " " ]] && bad="a space" || bad="'$bad'"
  die 64 "debootstrap cannot build a root in $staging, whose path holds $bad: choose a --prefix of letters, digits and . _ + , : @ % = - only"
fi
unprivileged=false
if [[ "$(id -u)" != 0 ]]; then
  command -v mmdebstrap >/dev/null 2>&1 \
    || die 69 "not root, and the unprivileged route needs mmdebstrap (sudo apt-get install mmdebstrap): run as root, or install it"
  unshare --user --map-root-user true 2>/dev/null \
    || die 69 "not root, and this kernel refuses unprivileged user namespaces (unshare --user): run as root"
  unprivileged=true
else
  require debootstrap debootstrap
fi
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

# Removes a partial root: an unprivileged one belongs to the user's subordinate ids, which only a user namespace can
# remove.
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
# A root that does not work is never deleted: it is moved aside, named, and a new one built.
if [[ -e "$root" || -L "$root" ]]; then
  aside="$home/root.broken-$(date +%Y%m%d-%H%M%S)"
  while [[ -e "$aside" ]]; do aside="$aside.1"; done
  rm -f "$home/installed"
  mv "$root" "$aside" || die 70 "cannot move the root that does not work ($broken_reason) aside to $aside"
  echo "install-toolchain: $root does not work ($broken_reason); moved it aside to $aside (delete it when you no longer need it) and installing again" >&2
fi
rm -f "$home/installed"
started=$(date +%s)
if $unprivileged; then
  # mmdebstrap builds the whole root in one step inside a user namespace; an interrupted one starts over.
  # The markers stand beside the partial root: an unprivileged root is not the user's to write into.
  if [[ ! -f "$staging.complete" ]]; then
    remove_partial
    mmdebstrap --mode=unshare --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" \
      ${apt_option:+--aptopt="${apt_option#-o}"} "$suite" "$staging" "$mirror" >&2 </dev/null \
      || die 70 "mmdebstrap $suite failed (its output is above); run the same command again to retry"
    touch "$staging.complete"
  fi
else
  if [[ ! -f "$staging.base" ]]; then
    remove_partial
    debootstrap --variant=minbase "$suite" "$staging" "$mirror" >&2 </dev/null \
      || die 70 "debootstrap $suite failed (its output is above); run the same command again to retry"
    touch "$staging.base"
  fi
  # An install interrupted half way leaves dpkg with unconfigured packages: finish those first.
  in_staging dpkg --configure -a >&2 </dev/null || true
  in_staging apt-get ${apt_option:+"$apt_option"} -qq update >&2 </dev/null \
    || die 70 "apt-get update inside the $suite root failed; run the same command again to retry"
  in_staging apt-get ${apt_option:+"$apt_option"} -y -qq --no-install-recommends install "${packages[@]}" >&2 \
    </dev/null || die 70 "apt-get install swiftlang inside the $suite root failed; run the same command again to retry"
  in_staging apt-get clean >&2 </dev/null || true
fi
text="$(in_staging /usr/bin/swiftc --version 2>&1 </dev/null)" \
  || die 70 "the installed compiler does not run: $(head -n 1 <<<"$text")"
[[ "$text" == *"Swift version $version"* ]] \
  || die 70 "expected Swift $version in $suite, found: $(head -n 1 <<<"$text")"
mv "$staging" "$root"
rm -f "$staging.base" "$staging.complete"

write_wrapper
works "$home" "$name" "$version" || die 70 "the wrapper $wrapper does not run the compiler: $reason"
printf '%s\n' "$answer" >"$home/installed"
echo "install-toolchain: $name installed in $(( $(date +%s) - started )) s ($(du -sh "$root" 2>/dev/null | cut -f1))" >&2
printf '%s\n' "$wrapper"
