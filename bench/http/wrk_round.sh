# Sourced by run.sh and parallel.sh: one measured wrk run against a server.
#
# Steal time (/proc/stat's eighth CPU field, in clock ticks) is time the host
# took this VM's CPUs away. This machine's host takes them in ~100 ms pieces
# (a round with a 100 ms stall had 10 ticks of steal, every round without one
# had 0: fifteenth session). A wrk run that spans one has a request or two
# that waited 100 ms, and wrk's coordinated-omission correction turns them
# into hundreds of samples: p99 30-80 ms for whichever server was unlucky.
# With both CPUs busy the host took ~2% of their time (`yes` twice: 21 ticks
# in 5 s; once: none), so a run during which it stole CPU is run again, up to
# STEAL_TRIES times (3), and the p99 reported is the median over the runs
# without steal (requests/s and CPU lose only the stall's ~2%: all runs).
to_us() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); print v} else if (v ~ /ms$/) {sub(/ms$/,"",v); print v*1000} else {sub(/s$/,"",v); print v*1000000}}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
steal_ticks() { awk '/^cpu / {print $9}' /proc/stat; }
tick=$(getconf CLK_TCK)

# wrk_round PID PREFIX WRK_ARGS... : wrk against the server PID; appends its
# requests/s, p99 (µs) and the server's CPU µs per request to PREFIX.rps,
# PREFIX.p99 (PREFIX.p99-stolen if the host stole CPU in every try) and
# PREFIX.cpu, and one line to PREFIX.stolen per run with steal.
wrk_round() {
  local server=$1 prefix=$2 out c0 c1 s0 s1 try p99=p99-stolen
  shift 2
  for ((try = 0; try < ${STEAL_TRIES:-3}; try++)); do
    s0=$(steal_ticks); c0=$(cpu_ticks "$server")
    out=$(wrk "$@")
    c1=$(cpu_ticks "$server"); s1=$(steal_ticks)
    ((s1 == s0)) && { p99=p99; break; }
    echo "$((s1 - s0)) ticks" >> "$prefix.stolen"
  done
  local reqs
  reqs=$(awk '/requests in/ {print $1}' <<<"$out")
  awk '/Requests\/sec/ {print $2}' <<<"$out" >> "$prefix.rps"
  awk '$1 == "99%" {print $2}' <<<"$out" | to_us >> "$prefix.$p99"
  awk -v c=$((c1 - c0)) -v n="$reqs" -v t="$tick" 'BEGIN {printf "%.1f\n", c / t * 1e6 / n}' >> "$prefix.cpu"
}

# p99_of PREFIX : the median p99 over the runs without steal, else over all
# with a "*" (every run of this server had steal).
p99_of() {
  if [[ -s $1.p99 ]]; then echo "$(median < "$1.p99")us"; else echo "$(median < "$1.p99-stolen")us*"; fi
}

# stolen_report PREFIX... : how many runs were taken again, if any ("" when none).
stolen_report() {
  local p n total=0 parts=()
  for p in "$@"; do
    n=$(cat "$p.stolen" 2>/dev/null | wc -l)
    ((n > 0)) && parts+=("$(basename "$p") $n")
    total=$((total + n))
  done
  ((total > 0)) && echo "runs with the host's steal time (taken again; * = p99 of stolen runs only): ${parts[*]}"
  return 0
}
