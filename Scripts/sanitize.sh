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
# cache), custom coercion rules crossing tasks, concurrent encodes.
concurrency='MappingConcurrencyTests|concurrentFirstUse|threadSafe|policiesWithRulesCrossTasks|concurrentEncodesAgree'

run() {
    echo "== $1 =="
    local start=$SECONDS
    shift
    "$@"
    echo "== done in $((SECONDS - start)) s =="
}

which=${1:-all}
if [[ $which == all || $which == address ]]; then
    run "AddressSanitizer: full test suite" \
        swift test --sanitize=address --scratch-path .build-asan
fi
if [[ $which == all || $which == thread ]]; then
    run "ThreadSanitizer: concurrency tests" \
        swift test --sanitize=thread --scratch-path .build-tsan --filter "$concurrency"
fi
