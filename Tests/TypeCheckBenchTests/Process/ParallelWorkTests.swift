import Foundation
import Testing

@testable import TypeCheckBench

/// `ParallelWork`: every index run once, results in index order, errors kept in their slot, nothing started after
/// a stop.
@Suite struct ParallelWorkTests {
  struct Odd: Error {}

  @Test(arguments: [1, 2, 5])
  func resultsComeBackInIndexOrder(_ workers: Int) {
    let results = ParallelWork.map(count: 20, workers: workers) { index in
      if index % 2 == 1 { throw Odd() }
      return index * index
    }
    #expect(results.count == 20)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let value)?: #expect(index % 2 == 0 && value == index * index)
      case .failure(let error)?: #expect(index % 2 == 1 && error is Odd)
      case nil: Issue.record("index \(index) was not run")
      }
    }
  }

  @Test func nothingStartsOnceStopped() {
    let results = ParallelWork.map(count: 10, workers: 3, shouldStop: { true }, { $0 })
    #expect(results.allSatisfy { $0 == nil })
    #expect(ParallelWork.map(count: 0, workers: 3) { $0 }.isEmpty)
  }
}
