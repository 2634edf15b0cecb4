/// Limits how many compilers the generator tests run at once, across every suite: the machine has two cores, and
/// oversubscribing them only makes each compile slower.
public actor CompileSlots {
  /// The slots every test shares.
  static let shared = CompileSlots(count: 2)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { free = count }

  /// Runs `body` while holding one slot of `shared`.
  /// - Parameters:
  ///   - longRunning: queue ahead of the others: starting the longest compile first keeps the other slot busy with
  ///     the short ones instead of leaving the long one to run alone at the end.
  public static func withSlot<T: Sendable>(longRunning: Bool = false, _ body: () async throws -> T) async throws -> T {
    await shared.acquire(first: longRunning)
    do {
      let value = try await body()
      await shared.release()
      return value
    } catch {
      await shared.release()
      throw error
    }
  }

  private func acquire(first: Bool) async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.insert($0, at: first ? 0 : waiting.count) }
  }

  private func release() {
    // Hand the slot straight to the next waiter, so a newcomer cannot overtake it.
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
