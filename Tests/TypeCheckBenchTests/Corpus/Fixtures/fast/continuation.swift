// A RUN line continued with a backslash.
// RUN: %target-typecheck-verify-swift \
// RUN:   -solver-scope-threshold=10000
// REQUIRES: CPU=x86_64 || CPU=aarch64 || CPU=arm64

let numbers = [1, 2, 3].map { $0 * 2 }
