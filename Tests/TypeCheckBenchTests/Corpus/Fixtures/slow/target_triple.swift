// lit's target-triple substitutions: %target-swift-5.9-abi-triple is the target swiftc names on its Target line.
// RUN: %target-typecheck-verify-swift -target %target-swift-5.9-abi-triple

func pair<each T>(_ value: repeat each T) -> (repeat each T) {
  (repeat each value)
}
let _ = pair(1, "a", 2.0)
