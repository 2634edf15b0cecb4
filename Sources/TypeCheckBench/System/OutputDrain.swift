import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a child's standard output and standard error together with `poll`, so neither pipe can fill and block it.
struct OutputDrain {
  /// How long `poll` waits before checking the deadline and whether the child has exited, milliseconds.
  private static let sliceMilliseconds = 100.0
  /// How long to keep reading after the child's group was killed, for pipes held by escaped descendants, seconds.
  private static let lingerSeconds = 1.0

  private(set) var output = Data()
  private(set) var errorOutput = Data()
  private let stdout: Int32
  private let stderr: Int32

  init(stdout: Int32, stderr: Int32) {
    self.stdout = stdout
    self.stderr = stderr
    _ = fcntl(stdout, F_SETFL, fcntl(stdout, F_GETFL) | O_NONBLOCK)
    _ = fcntl(stderr, F_SETFL, fcntl(stderr, F_GETFL) | O_NONBLOCK)
  }

  /// Reads both pipes to their end; kills `child` and all it started (`terminate`) at `deadline`, or once `child` has
  /// exited while descendants still hold the pipes. Returns true when the deadline killed it.
  mutating func run(child: pid_t, deadline: Double?, terminate: () -> Void) -> Bool {
    var open: [Int32] = [stdout, stderr]
    var timedOut = false
    var lingerUntil: Double?
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !open.isEmpty {
      let now = ProcessRunner.monotonicSeconds()
      if let deadline, !timedOut, now >= deadline {
        timedOut = true
        terminate()
        lingerUntil = now + Self.lingerSeconds
      }
      if let lingerUntil, now >= lingerUntil { break }
      var waitMilliseconds = Self.sliceMilliseconds
      for limit in [deadline, lingerUntil].compactMap({ $0 }) where limit > now {
        waitMilliseconds = min(waitMilliseconds, (limit - now) * 1000)
      }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&fds, nfds_t(fds.count), Int32(waitMilliseconds.rounded(.up)))
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        // Quiet pipes: if the child is gone, what holds them is a descendant left behind; end the whole group.
        if lingerUntil == nil, ProcessRunner.hasExited(child) {
          terminate()
          lingerUntil = ProcessRunner.monotonicSeconds() + Self.lingerSeconds
        }
        continue
      }
      for entry in fds where entry.revents != 0 {
        if !readAvailable(from: entry.fd, into: &buffer) {
          open.removeAll { $0 == entry.fd }
        }
      }
    }
    return timedOut
  }

  /// Appends what `fd` has now; false at end of file or on a read error.
  private mutating func readAvailable(from fd: Int32, into buffer: inout [UInt8]) -> Bool {
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        if fd == stdout {
          output.append(contentsOf: buffer[0..<count])
        } else {
          errorOutput.append(contentsOf: buffer[0..<count])
        }
        continue
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK
    }
  }
}
