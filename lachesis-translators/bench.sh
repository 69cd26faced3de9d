#!/bin/sh
# Applying new priorities to 1,000 threads of a child JVM: translators (JNA) vs forking renice/chrt
# per thread. Run from the repository root as root:  sh lachesis-translators/bench.sh
set -e
mvn -q -B -pl lachesis-translators -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test.cp -Dmdep.includeScope=test
cd lachesis-translators
exec java -cp "target/test-classes:target/classes:../lachesis-core/target/classes:$(cat target/test.cp)" \
    dev.lachesis.translators.bench.ApplyBenchmark
