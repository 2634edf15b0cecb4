import Foundation
import Generators
import TypeCheckBenchCore

/// `bench fidelity`: the claims bench's documents make about SwiftUI, each a sweep measured against the miniature
/// and against the real SDK in one interleaved run, with a table and a verdict per claim.
enum FidelityCommand {
  /// A claim the documents make, as the sweep that checks it.
  struct Entry {
    var name: String
    var title: String
    /// The sweep as `bench run` options, without `--model` and `--framework`.
    var arguments: [String]
    /// The SDK side's sweep when it differs (the SDK has its own kinds).
    var sdkArguments: [String]? = nil
    /// The builder models whose miniature the claim is about.
    var models: [BuilderModel] = BuilderModel.allCases
    /// Part of the default list.
    var inPreset = true
  }

  /// The claims, in the order the documents make them (docs/fidelity.md maps each sentence to one).
  static let catalog: [Entry] = [
    Entry(
      name: "nesting-group", title: "Group { Group { … Text } }, one Group per level",
      arguments: ["--family", "nesting", "--primitives", "group", "--depth", "1...5"]),
    Entry(
      name: "nesting-section", title: "Section { Section { … Text } }, one Section per level",
      arguments: ["--family", "nesting", "--primitives", "section", "--depth", "1...5"]),
    Entry(
      name: "nesting-foreach", title: "ForEach(rows) { row in ForEach(rows) { … } }, one ForEach per level",
      arguments: ["--family", "nesting", "--primitives", "foreach", "--depth", "1...5"]),
    Entry(
      name: "list", title: "a settings screen, List { Section { ForEach(rows) { row in … } } }, the cycle repeated",
      arguments: ["--family", "nesting", "--primitives", "list,section,foreach", "--depth", "1...4"]),
    Entry(
      name: "kinds", title: "11 kinds sharing Group as uniform overloads, against the SDK's own Group",
      arguments: ["--family", "nesting", "--kinds", "11", "--depth", "1...5"],
      sdkArguments: ["--family", "nesting", "--primitives", "group", "--depth", "1...5"]),
    Entry(
      name: "branches", title: "an if / else if / else chain of B branches two Groups deep",
      arguments: ["--family", "branches", "--depth", "2", "--branches", "1...8"]),
    Entry(
      name: "chart-compat", title: "the technote's Chart with an if / else if chain of B LineMarks",
      arguments: ["--family", "chart", "--chart-variant", "compat", "--branches", "1...8"]),
    Entry(
      name: "chart-extracted", title: "the same chain extracted into a @ChartContentBuilder function",
      arguments: ["--family", "chart", "--chart-variant", "extracted", "--branches", "1...8"]),
    Entry(
      name: "chart-modern",
      title: "the Chart chain without the back-deployment buildEither (the SDK side needs a deployment target of 27)",
      arguments: ["--family", "chart", "--chart-variant", "modern", "--branches", "1...8"],
      sdkArguments: ["--family", "chart", "--chart-variant", "compat", "--branches", "1...8"], models: [.unified],
      inPreset: false),
  ]

  struct Options: SDKCommandOptions, RunFolderCommandOptions {
    /// `--claim`: the names, read against the model by `selected`.
    var claim = Option<String>(
      "--claim", value: "NAME,...", default: "the preset", help: "Claims to check; --list names them and the preset.")
    var model = Option(
      "--model", value: "per-kind|unified", default: BuilderModel.perKind.rawValue,
      help: "Miniature builder model (per-kind: Xcode 26's SDK, unified: 27's)."
    ) { text, name in
      guard let model = BuilderModel(rawValue: text) else {
        throw BenchError.usage("\(name): '\(text)' is not one of per-kind, unified (fidelity takes one)")
      }
      return model
    }
    /// `--surface`: the text, read against the model.
    var surface = Option<String>(
      "--surface", value: "SURFACE", default: "ios26 or ios27", help: "The miniature's surface (or ios18, idealised).")
    var list = Flag("--list", help: "Print each claim with its two sweeps; exit.")
    var swiftc = ToolchainOptions.swiftc("The miniature side's compiler")
    var sdkSwiftc = Option<String>(
      "--sdk-swiftc", value: "PATH", help: "The SDK side's compiler (default: the miniature side's).")
    var sdk = SDKOptions()
    var runs = Option<Int>.integer(
      "--runs", default: "1", limit: SweepLimits.runs,
      help: "Measured compiles per point (scopes decide; they are exact).")
    var warmup = Option<Int>.integer(
      "--warmup", default: "0", limit: SweepLimits.warmup, help: "Unrecorded warm-up compiles per point.")
    var timeout = Option<Double>.seconds(
      "--timeout", default: "300", help: "Kill a compile after this long; kept as censored.")
    var output = RunFolderOptions()
    var quiet = Flag("--quiet", help: "Plain progress lines only at series stops and the end.")
  }

  /// The sweep options alone: what a claim's two sides are read with.
  struct SweepOnly: SweepCommandOptions {
    var sweep = SweepOptions.Group(.builtIn)
  }

  static let help = """
    USAGE: bench fidelity [--claim NAME,...] [--model per-kind|unified] [--surface S] [--sdk PATH] [--target TRIPLE]

    Checks what bench's documents say about SwiftUI against the real SDK (macOS): each claim is one sweep, measured
    against the miniature (--model's builder design) and, the same cases importing SwiftUI, against the SDK
    (--framework sdk), interleaved in one run. Prints one table per claim, the miniature's and the SDK's constraint
    scopes and outcome per point with their ratio, then a verdict: same growth law (the same shape, exponential
    bases within 1.5x), same first censored point, or undecided when the data cannot carry it. Writes a run folder
    with fidelity.md; bench report re-renders it from run.json, bench run --resume continues it. The preset takes
    minutes on a Mac. Without an SDK (Linux, no --sdk) it says so and exits 64.

    EXAMPLES:
      bench fidelity                                     (the preset, against Xcode 26's per-kind SwiftUI)
      bench fidelity --model unified                     (the same claims, for an Xcode 27 SDK)
      bench fidelity --surface ios18                     (the claims the committed runs made, iOS 18.0 miniature)
      bench fidelity --claim nesting-group,list --runs 3
      bench fidelity --sdk "$(xcrun --sdk iphonesimulator --show-sdk-path)" --target arm64-apple-ios18.0-simulator
      bench fidelity --list
    """

  static let command = Command(
    name: "fidelity", summary: "Check the documents' SwiftUI claims on the real SDK: miniature and SDK side by side.",
    help: help, options: Options(), body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    let output = context.output
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("fidelity: unexpected argument '\(parsed.positionals[0])'")
    }
    let model = try parsed.valueOrDefault(\.model)
    let surface =
      try parsed[\.surface].map { text in
        guard let surface = BuilderSurface(rawValue: text), surface.model == model else {
          let own = BuilderSurface.allCases.filter { $0.model == model }.map(\.rawValue).joined(separator: ", ")
          throw BenchError.usage("--surface: '\(text)' is not a surface of the \(model.rawValue) model (\(own))")
        }
        return surface
      } ?? .current(for: model)
    if parsed[\.list] {
      output(listing)
      return .success
    }
    let entries = try selected(try parsed[\.claim], model: model)
    // Everything typed is checked before the SDK is looked for, and the SDK before anything is made.
    let runs = try parsed.valueOrDefault(\.runs)
    let warmup = try parsed.valueOrDefault(\.warmup)
    let timeout = try parsed.valueOrDefault(\.timeout)
    let folder = try RunFolderOptions.choice(parsed)
    guard let sdkFlags = SDKOptions.sdkFlags(parsed) else {
      throw BenchError.usage(
        "fidelity: the SDK side needs macOS (the real SwiftUI SDK; there is none on Linux), or --sdk PATH and "
          + "--target TRIPLE")
    }
    let claims = try entries.map { try claim($0, model: model, surface: surface) }
    var cases: [CaseSpec] = []
    for spec in try entries.flatMap({ try sweeps($0, model: model, surface: surface).flatMap(\.cases) })
    where !cases.contains(spec) {
      cases.append(spec)
    }
    let miniaturePath = try ToolchainLocator.locateSwiftc(explicitPath: try parsed[\.swiftc])
    let sdkPath = try parsed[\.sdkSwiftc].map { try ToolchainLocator.locateSwiftc(explicitPath: $0) }
    let toolchains = [
      try ToolchainLocator.inspect(swiftcPath: miniaturePath, name: "miniature", extraFlags: []),
      try ToolchainLocator.inspect(swiftcPath: sdkPath ?? miniaturePath, name: "sdk", extraFlags: sdkFlags),
    ]

    return try Pipeline.start(
      folder.destination(base: RunCommand.runID(families: []) + "fidelity"),
      plan: { runID in
        SweepPlan(
          record: RunRecord(
            runID: runID,
            provenance: .measuring(
              command: "fidelity", arguments: parsed.arguments, measurementVersion: RunCommand.measurementVersion,
              runs: runs, warmup: warmup, timeout: timeout, jobs: 1),
            toolchains: toolchains, cases: cases, samples: [], frameworkForm: .module, fidelityClaims: claims),
          formats: Set(ReportFormat.allCases))
      },
      announce: { _, _ in
        output("Sides: " + toolchains.map(\.assignmentLabel).joined(separator: ", "))
        output(
          "Claims (\(model.rawValue) miniature of the \(surface.title) surface against the SDK): "
            + claims.map(\.name).joined(separator: ", "))
        return []
      }, quiet: parsed[\.quiet], faults: context.journalFaults, output: output, warn: context.warn)
  }

  /// The claims `--claim` names (every one must apply to `model`), or the preset for `model`.
  static func selected(_ text: String?, model: BuilderModel) throws -> [Entry] {
    guard let text else { return catalog.filter { $0.inPreset && $0.models.contains(model) } }
    var entries: [Entry] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let entry = catalog.first(where: { $0.name == name }) else {
        var message = "--claim: unknown claim '\(name)'"
        if let near = ArgumentScanner.nearest(name, among: catalog.map(\.name)) {
          message += "; did you mean '\(near)'?"
        }
        throw BenchError.usage(message + " (bench fidelity --list names them)")
      }
      guard entry.models.contains(model) else {
        throw BenchError.usage(
          "--claim \(name) is about the \(entry.models.map(\.rawValue).joined(separator: ", ")) miniature; "
            + "add --model \(entry.models[0].rawValue)")
      }
      if !entries.contains(where: { $0.name == name }) { entries.append(entry) }
    }
    return entries
  }

  /// The `bench run` options of each side of `entry`: the miniature of `surface` (its model's SDK by default).
  static func sideArguments(_ entry: Entry, model: BuilderModel, surface: BuilderSurface? = nil)
    -> (miniature: [String], sdk: [String])
  {
    (
      entry.arguments + ["--model", model.rawValue, "--surface", (surface ?? .current(for: model)).rawValue],
      (entry.sdkArguments ?? entry.arguments) + ["--framework", "sdk"]
    )
  }

  /// The two sweeps of `entry`, read by the same parser as `bench run`'s options.
  static func sweeps(_ entry: Entry, model: BuilderModel, surface: BuilderSurface? = nil) throws -> [CaseSweep] {
    let sides = sideArguments(entry, model: model, surface: surface)
    return try [sides.miniature, sides.sdk].map {
      try SweepOptions(Command.parse($0, options: SweepOnly(), command: "fidelity")).sweep
    }
  }

  /// The claim as the run record keeps it.
  static func claim(_ entry: Entry, model: BuilderModel, surface: BuilderSurface? = nil) throws -> FidelityClaim {
    let sides = sideArguments(entry, model: model, surface: surface)
    let sweeps = try sweeps(entry, model: model, surface: surface)
    return FidelityClaim(
      name: entry.name, title: entry.title, miniatureArguments: sides.miniature.joined(separator: " "),
      sdkArguments: sides.sdk.joined(separator: " "), miniatureCases: sweeps[0].cases.map(\.id),
      sdkCases: sweeps[1].cases.map(\.id))
  }

  /// `--list`: every claim, the models it is about, and its two sweeps.
  static var listing: String {
    catalog.map { entry in
      let models = entry.models.map(\.rawValue).joined(separator: ", ")
      let sides = sideArguments(entry, model: entry.models[0])
      let miniature = sides.miniature.dropLast(4).joined(separator: " ")
      return """
        \(entry.name)\(entry.inPreset ? "" : " (not in the preset)"): \(entry.title)
          miniature (\(models)): bench run \(miniature) --model MODEL --surface SURFACE
          SDK:       bench run \(sides.sdk.joined(separator: " "))
        """
    }.joined(separator: "\n")
  }
}
