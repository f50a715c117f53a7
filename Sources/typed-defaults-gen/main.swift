// typed-defaults-gen: the command-line front end of the DefaultsSchema generator.
import DefaultsSchema
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let command: GeneratorCommand
do {
    command = try GeneratorCommand.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n\n\(GeneratorCommand.usage)\n".utf8))
    exit(64)
}
let status = command.run(
    standardOutput: { print($0) },
    standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
