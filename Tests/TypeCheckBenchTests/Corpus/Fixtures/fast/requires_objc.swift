// RUN: %target-typecheck-verify-swift
// REQUIRES: objc_interop

let value = 1
