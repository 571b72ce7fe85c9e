#!/usr/bin/env bash
# Single-node Slurm cluster for CI: no systemd, runs as root, everything
# (munge key/socket, conf, state, logs) lives in one private dir so it never
# touches /etc/slurm or a system munged.
#
#   env_line=$(deploy/slurm/local-cluster.sh start)   # prints: export SLURM_CONF=...
#   eval "$env_line"    # (a bare eval "$(...)" would hide a failed start from set -e)
#   sbatch ...; squeue ...
#   deploy/slurm/local-cluster.sh stop
#
# stdout carries only the export line (so `eval` works); progress goes to stderr.
set -euo pipefail

D=${SLURM_LOCAL_DIR:-/tmp/sandtable-slurm}
CONF=$D/slurm.conf
HOST=$(hostname -s)
export SLURM_CONF=$CONF

log() { echo "local-cluster: $*" >&2; }
die() { # one summary line, then the log tail that explains it
  log "ERROR: $1"
  [[ -n ${2:-} && -f $2 ]] && tail -n 20 "$2" | sed 's/^/  | /' >&2
  exit 1
}

# pid from a pid file, only if that pid is still the named daemon (pids get reused)
alive() {
  local pid; pid=$(cat "$D/$1.pid" 2>/dev/null) || return 1
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$1" ]] && echo "$pid"
}

install_pkgs() {
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null &&
    command -v munged >/dev/null && return 0
  log "installing slurm-wlm and munge (apt)"
  export DEBIAN_FRONTEND=noninteractive
  # recommends pull in docs/torque wrappers we don't need and slow the install;
  # apt is chatty even with -qq, so keep its output for the failure message only
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge; } \
    >"$D/log/apt.log" 2>&1 || die "apt-get install of slurm-wlm/munge failed" "$D/log/apt.log"
}

write_conf() {
  # Take the topology slurmd itself detects, so slurmd never drains the node for
  # "low CPUs"; claim only half the RAM (memory isn't a consumable here anyway).
  local c mem
  c=$(slurmd -C | sed -n 1p) || die "slurmd -C could not read the node's hardware"
  mem=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$c")
  c=$(sed 's/^NodeName=[^ ]* //; s/RealMemory=[0-9]*//' <<<"$c")
  cat >"$CONF" <<CONF
ClusterName=sandtable
# Loopback addresses: the hostname need not resolve, and no traffic leaves the box.
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge/munge.socket
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
# Containers have no usable cgroup hierarchy: use plugins that need none.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# Default batch_sched_delay=3 makes every job wait ~3 s before it is scheduled.
SchedulerParameters=batch_sched_delay=0
# Bring the node back by itself after a stop/start cycle.
ReturnToService=2
# No mailer in the container; the default path only produces log errors.
MailProg=/bin/true
NodeName=$HOST NodeAddr=127.0.0.1 $c RealMemory=$((mem / 2)) State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
  mkdir -p "$D"/{munge,state,spool,log}
  install_pkgs
  # munged refuses keys/sockets in group- or world-writable places
  chmod 700 "$D" "$D/munge"

  if ! alive munged >/dev/null; then
    [[ -f $D/munge/munge.key ]] || {
      dd if=/dev/urandom of="$D/munge/munge.key" bs=1024 count=1 status=none
      chmod 400 "$D/munge/munge.key"
    }
    # --force: run as root and with a socket outside /run/munge
    munged --force --key-file="$D/munge/munge.key" --socket="$D/munge/munge.socket" \
      --pid-file="$D/munged.pid" --log-file="$D/log/munged.log" \
      --seed-file="$D/munge/munged.seed" 2>>"$D/log/munged.log" ||
      die "munged did not start" "$D/log/munged.log"
  fi

  write_conf
  if ! alive slurmctld >/dev/null; then
    # -c: a fresh start forgets jobs of a previous run (CI wants a clean cluster)
    slurmctld -c -f "$CONF" 2>>"$D/log/slurmctld.log" ||
      die "slurmctld did not start" "$D/log/slurmctld.log"
  fi
  if ! alive slurmd >/dev/null; then
    slurmd -f "$CONF" 2>>"$D/log/slurmd.log" ||
      die "slurmd did not start" "$D/log/slurmd.log"
  fi

  # Ready = slurmd registered (node idle) and the scheduler's first pass done:
  # it runs ~3 s after slurmctld starts, and a job submitted before it waits.
  local state="" cycles=0
  sleep 0.5 # let the forked daemons write their pid files
  for _ in $(seq 60); do
    # the daemons fork before they fail (e.g. port in use): notice a death early
    alive slurmctld >/dev/null || die "slurmctld exited after starting" "$D/log/slurmctld.log"
    alive slurmd >/dev/null || die "slurmd exited after starting" "$D/log/slurmd.log"
    # timeout: a client talking to a wedged port otherwise blocks for minutes
    state=$(timeout 5 sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
    cycles=$(timeout 5 sdiag 2>/dev/null | sed -n '/^Main schedule/,/^$/s/.*Total cycles: *//p' | head -1 || true)
    # exact match: a trailing * (not responding) or ~ etc. means not usable yet
    if [[ $state =~ ^(idle|mixed|allocated)$ && ${cycles:-0} =~ ^[1-9] ]]; then
      echo "export SLURM_CONF=$CONF"
      return 0
    fi
    sleep 0.5
  done
  die "node $HOST not ready after 30 s (state '${state:-none}', scheduler cycles ${cycles:-0})" \
    "$D/log/slurmctld.log"
}

stop() {
  # Cancel leftover jobs first, otherwise their slurmstepd outlives slurmd.
  if alive slurmctld >/dev/null; then
    timeout 5 scancel --user=root 2>/dev/null || true
    for _ in $(seq 20); do [[ -z $(timeout 5 squeue -h 2>/dev/null) ]] && break; sleep 0.5; done
  fi
  # SIGTERM all three at once: each takes 1-2 s to exit, so sequential waits add up.
  local name pid pids=()
  for name in slurmd slurmctld munged; do
    pid=$(alive "$name") || continue
    kill "$pid" && pids+=("$pid") && log "stopping $name ($pid)"
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || continue 2; sleep 0.25; done
    # e.g. slurmd blocked retrying registration with a dead slurmctld ignores TERM
    log "pid $pid ignored SIGTERM for 10 s, sending SIGKILL"
    kill -9 "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  done
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
