// RUN: %target-run-simple-swift
let value = 1
