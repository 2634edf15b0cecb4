#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The host's own count of the instructions a child process retires: Linux `perf_event_open` (the CPU's
/// `instructions` counter, user space only) or macOS `proc_pid_rusage` (`ri_instructions`).
///
/// On Linux the counter is opened on the spawning thread, disabled, with `inherit` and `enable_on_exec`: the child
/// inherits it at the spawn and its exec switches it on, so the count covers the child's program and every process
/// it starts, and never this process (which does not exec) nor the child's moments between the spawn and the exec.
/// This is how `perf stat` counts a command. On macOS the exited child is read before it is reaped.
struct HardwareInstructionCounter {
  #if canImport(Glibc)
    private let descriptor: Int32

    private typealias Syscall = @convention(c) (Int, UnsafeRawPointer, Int32, Int32, Int32, UInt) -> Int
    // From <linux/perf_event.h>, stable kernel ABI.
    private static let attributeSize = 128
    private static let typeHardware: UInt32 = 0
    private static let configInstructions: UInt64 = 1
    private static let disabled: UInt64 = 1 << 0
    private static let inherit: UInt64 = 1 << 1
    private static let excludeKernel: UInt64 = 1 << 5
    private static let excludeHypervisor: UInt64 = 1 << 6
    private static let enableOnExec: UInt64 = 1 << 12
    private static let closeOnExec: UInt = 8
    #if arch(x86_64)
      private static let syscallNumber = 298
    #elseif arch(arm64)
      private static let syscallNumber = 241
    #else
      private static let syscallNumber = -1
    #endif

    /// Opens a counter on the calling thread for the next child it spawns; nil (with the reason) when the kernel
    /// exposes no hardware counter (a virtual machine without a PMU: ENOENT or EOPNOTSUPP) or forbids it
    /// (`perf_event_paranoid`: EACCES).
    static func arm() -> (counter: HardwareInstructionCounter?, failure: String?) {
      guard syscallNumber >= 0,
        let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall")
      else { return (nil, "perf_event_open is not available on this architecture") }
      // syscall is variadic in C; on x86_64 and arm64 Linux, integer arguments passed as fixed ones are the same call.
      let call = unsafeBitCast(symbol, to: Syscall.self)
      var attribute = [UInt8](repeating: 0, count: attributeSize)
      func store<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes in
          for (index, byte) in bytes.enumerated() { attribute[offset + index] = byte }
        }
      }
      store(typeHardware, at: 0)
      store(UInt32(attributeSize), at: 4)
      store(configInstructions, at: 8)
      store(disabled | inherit | excludeKernel | excludeHypervisor | enableOnExec, at: 40)
      let result = attribute.withUnsafeBytes { bytes in
        call(syscallNumber, bytes.baseAddress!, 0, -1, -1, closeOnExec)
      }
      guard result >= 0 else {
        return (nil, "perf_event_open: \(String(cString: strerror(errno)))")
      }
      return (HardwareInstructionCounter(descriptor: Int32(result)), nil)
    }

    /// The instructions counted so far (every inheriting child that has exited included), and closes the counter.
    func finish() -> Double? {
      defer { close(descriptor) }
      var value: UInt64 = 0
      let count = read(descriptor, &value, MemoryLayout<UInt64>.size)
      return count == MemoryLayout<UInt64>.size ? Double(value) : nil
    }

    /// True when this host's kernel lets a process count its children's instructions, with the reason when not.
    static func probe() -> (available: Bool, failure: String?) {
      let (counter, failure) = arm()
      guard let counter else { return (false, failure) }
      _ = counter.finish()
      return (true, nil)
    }
  #elseif canImport(Darwin)
    /// `ri_instructions` of `child`, which has exited and is not yet reaped; nil when the kernel reports none.
    static func instructions(ofExited child: pid_t) -> Double? {
      var info = rusage_info_v4()
      let status = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) {
          proc_pid_rusage(child, RUSAGE_INFO_V4, $0)
        }
      }
      return status == 0 && info.ri_instructions > 0 ? Double(info.ri_instructions) : nil
    }
  #endif
}
