/// Finds, in a block of a log, the runs of lines followed at once by exact copies of themselves: a batch job's output
/// printed once per file of its batch with nothing between the copies (`swift build --quiet`).
///
/// Such a run is a whole job's output: it names at least two files, and there are no more copies than files (one per
/// primary file of the batch). A compile can print one line twice (an expression checked twice, a synthesized
/// initializer without location), and those are kept.
///
/// From each position it tries the next eight positions holding a line with the same cheap key as a copy's start
/// (equal lines have equal keys), in order; the first that starts a copy of a run naming two files or more decides,
/// and the search goes on after the copies. Linear in the block's size: whether a stretch names two files is read in
/// constant time from two tables built beforehand, and the files of a run are counted only once a copy is found,
/// over lines the search then skips.
enum AdjacentCopies {
  /// A run of `period` elements at `start`, repeated `repeats` times in all.
  struct Run: Equatable {
    var start: Int
    var period: Int
    var repeats: Int
  }

  /// How many candidate copy starts are tried from one position.
  static let triesPerPosition = 8

  /// The runs among elements `start..<count`, in order.
  /// - Parameters:
  ///   - key: a cheap key of the element at an index; equal elements must have equal keys.
  ///   - fileClass: the file the element at an index names, as a class (-1 for none); equal files, equal classes.
  ///   - equal: whether the elements at two indices are equal.
  static func find(
    count: Int, from start: Int, key: (Int) -> Int, fileClass: (Int) -> Int32, equal: (Int, Int) -> Bool
  ) -> [Run] {
    let size = count - start
    guard size > 1 else { return [] }
    // The next index (relative to `start`) holding an element with the same key, -1 for none.
    var next = [Int32](repeating: -1, count: size)
    // The first index at or after each one naming a file, and for an index naming one, the first after it naming
    // another: a stretch names two files when its first file's other-file index lies within it.
    var firstFile = [Int32](repeating: Int32(size), count: size + 1)
    var otherFile = [Int32](repeating: Int32(size), count: size)
    var seen: [Int: Int32] = [:]
    for offset in stride(from: size - 1, through: 0, by: -1) {
      let elementKey = key(start + offset)
      next[offset] = seen[elementKey] ?? -1
      seen[elementKey] = Int32(offset)
      let file = fileClass(start + offset)
      if file >= 0 {
        firstFile[offset] = Int32(offset)
        let following = Int(firstFile[offset + 1])
        if following < size {
          otherFile[offset] = fileClass(start + following) != file ? Int32(following) : otherFile[following]
        }
      } else {
        firstFile[offset] = firstFile[offset + 1]
      }
    }
    seen = [:]
    func namesTwoFiles(_ from: Int, _ to: Int) -> Bool {
      let first = Int(firstFile[from])
      return first < to && Int(otherFile[first]) < to
    }
    func distinctFiles(_ from: Int, _ to: Int) -> Int {
      var files = Set<Int32>()
      for offset in from..<to {
        let file = fileClass(start + offset)
        if file >= 0 { files.insert(file) }
      }
      return files.count
    }
    func same(_ a: Int, _ b: Int, _ length: Int) -> Bool {
      var offset = 0
      while offset < length, equal(start + a + offset, start + b + offset) { offset += 1 }
      return offset == length
    }
    var runs: [Run] = []
    var index = 0
    while index < size {
      var copyStart = Int(next[index])
      var tries = 0
      var skip = 1  // copies seen here that no batch job prints are kept as they are
      while copyStart >= 0, tries < triesPerPosition {
        let length = copyStart - index
        guard copyStart + length <= size else { break }
        // A job's output names at least two files (lines of one file printed twice are the compiler's own).
        if namesTwoFiles(index, copyStart), same(index, copyStart, length) {
          let files = distinctFiles(index, copyStart)
          // At most one copy per file of the batch: count no further than that.
          var found = 2
          while found <= files, index + (found + 1) * length <= size, same(index, index + found * length, length) {
            found += 1
          }
          if found <= files {
            runs.append(Run(start: start + index, period: length, repeats: found))
          }
          skip = found * length
          break
        }
        copyStart = Int(next[copyStart])
        tries += 1
      }
      index += skip
    }
    return runs
  }

  /// Removes the copies `runs` found (keeping each run's first), moving the rest of `array` up in one pass.
  /// - Returns: how many copies were removed, and how many elements they held.
  @discardableResult
  static func remove<Element>(_ runs: [Run], from array: inout [Element]) -> (copies: Int, elements: Int) {
    guard let first = runs.first else { return (0, 0) }
    var write = first.start
    var read = first.start
    var (copies, elements) = (0, 0)
    func move(upTo end: Int) {
      while read < end {
        array.swapAt(write, read)
        write += 1
        read += 1
      }
    }
    for run in runs {
      move(upTo: run.start + run.period)
      read = run.start + run.repeats * run.period
      copies += run.repeats - 1
      elements += (run.repeats - 1) * run.period
    }
    move(upTo: array.count)
    array.removeLast(array.count - write)
    return (copies, elements)
  }
}
