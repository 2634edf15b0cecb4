import Foundation
import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The compilers' own temporary folders go into one of bench's, removed when the command ends. Only the executable
// does this: it runs one command, so no child outlives the folder (the tests run commands side by side in one process).
// A signal while no command traps it (bench is planning, inspecting compilers or writing) ends bench at once, as the
// default action would, but with its children stopped, that folder removed and one line saying so.
SignalTrap.installFallback { signalNumber in
  ChildTemporaryFolder.shared.removeNow()
  // One line, so that an interrupt is never silent (a run says more: what it kept, or that it took its folder back).
  FileHandle.standardError.write(Data("bench: interrupted (\(SignalName.name(of: signalNumber)))\n".utf8))
  exit(128 + signalNumber)
}
exit(ChildTemporaryFolder.shared.withFolder { BenchCommandLine.main(Array(CommandLine.arguments.dropFirst())) })
