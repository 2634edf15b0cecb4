import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The compilers' own temporary folders go into one of bench's, removed when the command ends. Only the executable
// does this: it runs one command, so no child outlives the folder (the tests run commands side by side in one process).
exit(ChildTemporaryFolder.shared.withFolder { BenchCommandLine.main(Array(CommandLine.arguments.dropFirst())) })
