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
    // Every escaping (HTML, XML, Markdown, CSV, Swift and JSON literals, shell) and the one JSON configuration.
    .target(name: "Escaping"),
    // Pure source generators: the miniature SwiftUI frameworks and the case families.
    .target(name: "Generators", dependencies: ["Escaping"], path: "Generators"),
    // Pure core: run record, timing parser, statistics, growth fits, reports, comparisons.
    .target(name: "TypeCheckBenchCore", dependencies: ["Escaping", "Generators"]),
    // The edges: process runner, toolchains, sweep runner, file output, command line.
    .target(name: "TypeCheckBench", dependencies: ["Escaping", "Generators", "TypeCheckBenchCore"]),
    .executableTarget(name: "bench", dependencies: ["TypeCheckBench"]),
    // What the test targets share: the compiler bench finds, compiles through bench's process runner and statistics
    // reader, a fake swiftc, temporary folders, bench run in-process.
    .target(
      name: "TestSupport", dependencies: ["Generators", "TypeCheckBenchCore", "TypeCheckBench"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "EscapingTests", dependencies: ["Escaping"]),
    .testTarget(
      name: "GeneratorsTests", dependencies: ["Generators", "TestSupport"], resources: [.copy("Snapshots")]),
    .testTarget(
      name: "TypeCheckBenchCoreTests", dependencies: ["Escaping", "TypeCheckBenchCore"],
      resources: [.copy("Fixtures"), .copy("Snapshots")]),
    // Corpus/Fixtures holds lit-style test files (Swift sources bench compiles, not the tests' own code).
    .testTarget(
      name: "TypeCheckBenchTests", dependencies: ["Escaping", "Generators", "TypeCheckBench", "TestSupport"],
      exclude: ["Corpus/Fixtures", "Measurement/Fixtures", "Fixtures", "SDKImport/Fixtures"]),
  ]
)
