import FoldCycle
import Foundation

/// Runs the selected sections in one process, off the main actor, and prints the report.
///
/// Order: memory first (peak RSS is a high-water mark, so it must be read before the larger frame
/// buffers of the other sections raise it), then frames, pictures, idle, timer, start-up and `run`.
enum BenchRunner {
    /// Runs everything `options` selects; returns the process exit status.
    ///
    /// With `--check-docs` only the docs' markers are checked. With `--write-docs` the docs are
    /// checked before anything is measured, so a long run never ends on a document it cannot
    /// write.
    static func run(_ options: BenchOptions) -> Int32 {
        if options.checkDocs { return checkDocs(root: options.docsRoot) }
        if options.writeDocs {
            do throws(DocsError) {
                try DocsMarkers.validateForWriting(root: options.docsRoot)
            } catch {
                return fail(error)
            }
        }
        let report: BenchReport
        if let path = options.reportPath {
            do throws(DocsError) {
                report = try BenchReport(lastLineOf: path)
                let missing = report.missingSections
                if options.writeDocs, !missing.isEmpty {
                    throw DocsError(
                        message: "'\(path)' (--from-report) has no \(missing.map(\.rawValue).joined(separator: ", ")) "
                            + "figures; --write-docs needs a run of every section",
                        exitCode: 66)
                }
            } catch {
                return fail(error)
            }
        } else {
            report = measure(options)
        }
        print(options.markdown ? BenchMarkdown.document(report) : report.table())
        print(report.jsonLine())
        if options.writeDocs {
            do throws(DocsError) {
                try DocsMarkers.write(BenchMarkdown.blocks(report), root: options.docsRoot)
                progress("wrote \(DocsBlock.files.joined(separator: " and ")) under \(options.docsRoot)")
            } catch {
                return fail(error)
            }
        }
        return options.strict && report.targets.contains(where: { !$0.pass }) ? 1 : 0
    }

    /// Runs the sections `options` selects, in order, and evaluates the targets.
    private static func measure(_ options: BenchOptions) -> BenchReport {
        let start = Probe.nanoseconds()
        var report = BenchReport(environment: .capture(quick: options.quick, arguments: options.arguments))
        if options.sections.contains(.memory) {
            progress("memory: \(options.memoryShortTransitions) and \(options.memoryTransitions) transitions")
            report.memory = MemoryBench.run(
                items: options.memoryItems, shortTransitions: options.memoryShortTransitions,
                longTransitions: options.memoryTransitions)
        }
        if options.sections.contains(.frames) { report.frames = measureFrames(options) }
        if options.sections.contains(.pictures) {
            progress("pictures: \(PictureBench.kinds.count) kinds × \(PictureBench.sizes.count) sizes × 2 depths")
            report.pictureFrames = PictureBench.run(
                minimumFrames: min(options.minimumFrames, 2 * options.framesPerTransition),
                framesPerTransition: options.framesPerTransition, usesMoves: options.usesMoves)
            if !options.pictureFiles.isEmpty {
                progress("pictures: decoding \(options.pictureFiles.count) files, full size and fitted to 2 cards")
                report.pictureDecodes = PictureDecodeBench.run(
                    files: options.pictureFiles, runs: options.quick ? 3 : 10)
            }
        }
        if options.sections.contains(.styled) {
            progress("styled: 2 contents × \(StyledBench.kinds.count) kinds × \(StyledBench.depths.count) depths")
            report.styledFrames = StyledBench.run(
                minimumFrames: min(options.minimumFrames, 2 * options.framesPerTransition),
                framesPerTransition: options.framesPerTransition, usesMoves: options.usesMoves
            ).map { StyledFrameResult(content: $0.0, result: $0.1) }
        }
        if options.sections.contains(.idle) {
            progress("idle: 2 × \(options.idleSeconds) s")
            report.idle = IdleBench.run(seconds: options.idleSeconds)
        }
        if options.sections.contains(.timer) {
            progress("timer: \(options.ticks) ticks × \(options.tickInterval) s")
            report.timer = TimerBench.run(ticks: options.ticks, interval: options.tickInterval)
        }
        if options.sections.contains(.startup) {
            let binary = options.foldcyclePath ?? StartupBench.defaultBinary()
            progress("startup: \(options.spawns) spawns of \(binary)")
            report.startup = StartupBench.run(binary: binary, spawns: options.spawns)
        }
        if options.sections.contains(.run) {
            let binary = options.foldcyclePath ?? StartupBench.defaultBinary()
            progress("run: \(options.runBytes) bytes, directly and under \(binary) run")
            report.run = RunBench.run(binary: binary, bytes: options.runBytes)
        }
        report.totalSeconds = Double(Probe.nanoseconds() - start) / 1e9
        report.environment.finish()
        report.evaluateTargets()
        return report
    }

    /// Every frame case: per size, transition, direction (one for a transition without) and
    /// depth.
    private static func measureFrames(_ options: BenchOptions) -> [FrameResult] {
        var frames: [FrameResult] = []
        for size in options.sizes {
            for kind in options.kinds {
                progress("frames: \(size) \(kind)")
                for direction in kind.hasDirection ? options.directions : Array(options.directions.prefix(1)) {
                    for depth in options.depths(for: size) {
                        frames += FrameBench.run(
                            size: size, kind: kind, direction: direction, depth: depth,
                            minimumFrames: options.frames(for: size),
                            framesPerTransition: options.framesPerTransition,
                            // The byte target is at the first size; the others measure time.
                            measuresBounds: size == options.sizes.first, usesMoves: options.usesMoves,
                            repeats: options.repeats)
                    }
                }
            }
        }
        return frames
    }

    /// `--check-docs`: 0 when every block's markers are well-formed, 1 (listing the problems) when
    /// not, 66 when a document cannot be read.
    private static func checkDocs(root: String) -> Int32 {
        do throws(DocsError) {
            let problems = try DocsMarkers.check(root: root)
            guard problems.isEmpty else {
                TerminalDevice.standardError.writeIgnoringFailure(
                    problems.map { "Error: \($0)" }.joined(separator: "\n") + "\n")
                return 1
            }
            let names = DocsBlock.allCases.map(\.rawValue).joined(separator: ", ")
            print("foldcycle-bench: the docs' markers are well-formed (\(names))")
            return 0
        } catch {
            return fail(error)
        }
    }

    /// Prints `error` on stderr and returns its exit status.
    private static func fail(_ error: DocsError) -> Int32 {
        TerminalDevice.standardError.writeIgnoringFailure("Error: \(error.message)\n")
        return error.exitCode
    }

    /// One line on stderr, so stdout holds only the report.
    private static func progress(_ text: String) {
        TerminalDevice.standardError.writeIgnoringFailure("foldcycle-bench: \(text)…\n")
    }
}
