// RUN: %target-typecheck-verify-swift
// UNSUPPORTED: CPU=x86_64 || CPU=aarch64 || CPU=arm64

let value = 1
