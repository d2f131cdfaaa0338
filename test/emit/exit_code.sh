#!/usr/bin/env bash
# Runs a command, passes its stdout and stderr through (stderr to stdout),
# then prints "exit N": lit's `not` cannot tell exit 1 from exit 2.
"$@" 2>&1
echo "exit $?"
