// The frontend form: one -typecheck compile of this file, passing when swiftc exits 0.
// RUN: %target-swift-frontend -typecheck %s -solver-scope-threshold=100000
// REQUIRES: tools-release || asserts

func mean(_ values: [Double]) -> Double {
  values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
}
