// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TypeCheckBench",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "bench", targets: ["bench"]),
    .library(name: "TypeCheckBenchCore", targets: ["TypeCheckBenchCore"]),
    .library(name: "Generators", targets: ["Generators"]),
  ],
  dependencies: [],
  targets: [
    // Pure source generators: the miniature SwiftUI frameworks and the case families.
    .target(name: "Generators", path: "Generators"),
    // Pure core: run record, timing parser, statistics, growth fits, reports, comparisons.
    .target(name: "TypeCheckBenchCore", dependencies: ["Generators"]),
    // The edges: process runner, toolchains, sweep runner, file output, command line.
    .target(name: "TypeCheckBench", dependencies: ["Generators", "TypeCheckBenchCore"]),
    .executableTarget(name: "bench", dependencies: ["TypeCheckBench"]),
    .testTarget(name: "GeneratorsTests", dependencies: ["Generators"], resources: [.copy("Snapshots")]),
    .testTarget(
      name: "TypeCheckBenchCoreTests", dependencies: ["TypeCheckBenchCore"],
      resources: [.copy("Fixtures"), .copy("Snapshots")]),
    .testTarget(name: "TypeCheckBenchTests", dependencies: ["TypeCheckBench"]),
  ]
)
