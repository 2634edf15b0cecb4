import Testing

@testable import TypeCheckBenchCore

@Suite struct TimingEntryTests {
  @Test func mergingSumsTimesAndCountsOccurrencesPerLocation() {
    let a = TimingEntry(kind: .expression, milliseconds: 1.5, file: "a.swift", line: 3, column: 7)
    let b = TimingEntry(kind: .expression, milliseconds: 2.25, file: "a.swift", line: 9, column: 1)
    let body = TimingEntry(kind: .function, milliseconds: 4, file: "a.swift", line: 3, column: 7, description: "f()")
    let merged = TimingEntry.merged([a, b, a, body, a])
    #expect(merged.count == 3)
    #expect(merged[0].milliseconds == 4.5)
    #expect(merged[0].occurrences == 3)
    #expect(merged[1] == b)
    #expect(merged[2] == body)
    #expect(TimingEntry.merged(merged) == merged)
  }
}
