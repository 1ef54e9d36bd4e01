# Sourced by Web/build.sh and Web/test-alloc.sh: `swiftc`, the one on the PATH (kept as found:
# its name is what makes the driver a compiler), and `bin`, the directory of the toolchain it
# belongs to (symbolic links followed; clang and wasm-ld are beside it). Plain `readlink`, not
# GNU's `readlink -f`, so that it reads the same on a Mac.
swiftc=$(command -v swiftc)
real=$swiftc
while [ -L "$real" ]; do
    link=$(readlink "$real")
    case $link in /*) real=$link ;; *) real=$(dirname "$real")/$link ;; esac
done
bin=$(cd "$(dirname "$real")" && pwd -P)
