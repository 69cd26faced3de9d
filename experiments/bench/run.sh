#!/bin/sh
# Issue 4's benchmark: applying new priorities to 1,000 threads of a child JVM through the nice and rt
# translators vs forking renice/chrt per thread. Needs root. Extra arguments go to JMH, e.g.
#   experiments/bench/run.sh -p mechanism=nice      (one translator)
#   experiments/bench/run.sh -f 2 -i 10             (more forks and iterations)
# Defaults (1 fork, 5 x 2 s warm-up, 5 x 2 s measurement per benchmark) suit a 2-core machine: about
# 2 minutes in all. Scores are µs per thread, sampled per call; prints the medians as ms per full apply
# and per fork, and the speed-up, at the end.
set -e
cd "$(dirname "$0")/../.."
mvn -q -B -pl experiments/bench -am package -DskipTests dependency:build-classpath \
    -Dmdep.outputFile=target/runtime.cp -Dmdep.includeScope=runtime
cd experiments/bench
java -cp "target/classes:$(cat target/runtime.cp)" org.openjdk.jmh.Main -rf csv -rff target/jmh.csv \
    -jvmArgs -Xmx256m "$@" ApplyBenchmark
# SampleTime rows: the mean, then percentiles named like "...translatorApply:p0.50" (or "·p0.50").
tr -d '"' < target/jmh.csv | awk -F, '
    NR > 1 && $1 ~ /p0\.50$/ {
        bench = ($1 ~ /translatorApply/) ? "apply" : "fork"
        median[$8 "," bench] = $5; seen[$8] = 1
    }
    END {
        for (m in seen) {
            apply = median[m ",apply"]; fork = median[m ",fork"]
            if (apply != "") printf "%s: full apply of 1,000 changed threads, median %.3f ms\n", m, apply
            if (fork != "") printf "%s: fork per thread, median %.3f ms (1,000 threads: %.0f ms)\n", m, fork / 1000, fork
            if (apply != "" && fork != "") printf "%s: translator %.0fx faster (median per thread)\n", m, fork / apply
        }
    }'
