// Generates 1,000 varied cases and prints the wall time (target: under one second in an optimised build).
import Foundation

/// Every combination of the main axes, cycled until `count` specs.
func variedSpecs(count: Int) -> [CaseSpec] {
  var all: [CaseSpec] = []
  for family in FamilySet.builtIn.families {
    for model in BuilderModel.allCases {
      for kinds in [nil, 1, 2, 4, 11, 16] as [Int?] {
        for depth in 1...8 {
          for branches in [1, 4, 12] {
            for style in BlockStyle.allCases {
              all.append(
                CaseSpec(
                  family: family, model: model, kinds: kinds, blockStyle: style, depth: depth, width: 1 + depth % 2,
                  primitives: depth % 3 == 0 ? [.section, .group, .foreach] : [.group], branches: branches,
                  branchForm: depth % 2 == 0 ? .ifElse : .switchCase,
                  chartVariant: ChartVariant.allCases[depth % ChartVariant.allCases.count]))
            }
          }
        }
      }
    }
  }
  return (0..<count).map { all[($0 * 7919) % all.count] }
}

let count = 1_000
let specs = variedSpecs(count: count)
var totalBytes = 0
var totalLines = 0
/// The process's CPU time so far, seconds: what a loaded machine does not inflate the way it does wall time.
func processCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let clock = ContinuousClock()
let cpuBefore = processCPUSeconds()
let elapsed = clock.measure {
  for spec in specs {
    let generated = CaseGenerator.generate(spec)
    totalBytes += generated.source.utf8.count
    totalLines += generated.caseLines.upperBound
  }
}
let cpu = processCPUSeconds() - cpuBefore
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
  String(
    format: "generated %d cases (%.1f MB, %d lines) in %.3f s of CPU, %.3f s of wall (%.2f ms a case)", count,
    Double(totalBytes) / 1_000_000, totalLines, cpu, seconds, cpu * 1000 / Double(count)))
