#!/usr/bin/env bash
# Runs the test suite under the sanitizers:
#
#   AddressSanitizer  the whole suite        (swift test --sanitize=address, .build-asan/)
#   ThreadSanitizer   the concurrency tests  (swift test --sanitize=thread,  .build-tsan/)
#
#     Scripts/sanitize.sh            # both
#     Scripts/sanitize.sh address    # one
#     Scripts/sanitize.sh thread
#
# Each sanitizer has its own scratch path, so neither disturbs the normal .build/. Any report
# fails the run (the sanitizers abort the test process). See Docs/Reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# The tests that run work on several threads at once: first use of model types (the metadata
# cache and its per-thread copies), custom coercion rules crossing tasks, concurrent encodes, key
# styles used from many tasks, and the streams whose bytes are read by one task and scanned by
# another (partial documents, streamed elements).
concurrency='MappingConcurrencyTests|ConformanceIndexTests|concurrentFirstUse|threadSafe|policiesWithRulesCrossTasks|concurrentEncodesAgree|TypeFactsTests|ThreadLocalTests|KeyStyleTests|PartialValueSequenceTests|ElementArrivalTests|ParallelDecodingTests'

run() {
    echo "== $1 =="
    local start=$SECONDS
    shift
    "$@"
    echo "== done in $((SECONDS - start)) s =="
}

# LeakSanitizer is off: in Swift it reports memory that is still reachable, because multi-payload
# enums keep their payload pointers with tag bits set (Foundation's `Data` representation, indirect
# enums), which LeakSanitizer cannot recognise as pointers — and XCTest leaves its suite objects
# at exit. Every report it made on this suite was one of those, none in CodableBridge. Memory
# errors (overflows, use after free, double free…) are what AddressSanitizer checks here.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

which=${1:-all}
if [[ $which == all || $which == address ]]; then
    run "AddressSanitizer: full test suite" \
        swift test --sanitize=address --scratch-path .build-asan
fi
if [[ $which == all || $which == thread ]]; then
    run "ThreadSanitizer: concurrency tests" \
        swift test --sanitize=thread --scratch-path .build-tsan --filter "$concurrency"
fi
