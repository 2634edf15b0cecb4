#if canImport(Glibc)
  import Glibc

  /// glibc functions that Swift's Glibc module hides behind `_GNU_SOURCE`, looked up at run time.
  enum GNUExtensions {
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChdir =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    // From <linux/prctl.h>, stable kernel ABI.
    private static let setChildSubreaper: Int32 = 36

    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }

    /// Makes this process inherit its descendants' orphans; false when the kernel refuses.
    static func becomeChildSubreaper() -> Bool {
      // prctl is variadic in C; on the Linux ABIs Swift supports, passing the four trailing longs as fixed
      // arguments is the same call.
      guard let prctl = lookUp("prctl", as: Prctl.self) else { return false }
      return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
    }

    /// `pipe2(fds, O_CLOEXEC)`, so no child spawned by another thread meanwhile inherits the pipe; nil when absent.
    static func closeOnExecPipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32? {
      guard let pipe2 = lookUp("pipe2", as: Pipe2.self) else { return nil }
      return pipe2(fds, O_CLOEXEC)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later); nil when absent.
    static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32? {
      guard let addCloseFrom = lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self) else {
        return nil
      }
      return addCloseFrom(actions, lowest)
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later); nil when absent.
    static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32? {
      guard let addChdir = lookUp("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) else { return nil }
      return addChdir(actions, path)
    }
  }
#endif
