# Sourced by the bench scripts after they set $here (their own folder), with
# their arguments: sets $root, $bin (the toolchain to measure: the first
# argument, else build/toolchain), the peers' paths ($DENO, $BUN, $NODE, from
# ../shared/bench/peers.sh, which installs them on first use) and median().
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
peers=$root/../shared/bench/peers.sh
[[ -f $peers ]] || peers=$root/../../shared/bench/peers.sh   # from a worktree under wt/
eval "$(bash "$peers")"
# The median of the numbers on stdin, one per line.
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
