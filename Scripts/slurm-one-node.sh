#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine, for the sharded batch's test
# (Tests/Slurm/sharded-batch.sh) and for trying `grader batch --shard` as a cluster runs it.
# Run as root (CI runs it so). Installs Debian's slurm-wlm and munge when missing, writes a
# minimal /etc/slurm/slurm.conf for this host (one partition, `grader`, with this machine's
# CPUs), starts munged, slurmctld and slurmd without systemd (containers and CI machines often
# have none), and waits until the node is idle. Safe to run again: it installs only what is
# missing and starts only the daemons that are not running.
#   Scripts/slurm-one-node.sh          set up and start
#   Scripts/slurm-one-node.sh --stop   stop the three daemons
set -euo pipefail

[ "$(id -u)" -eq 0 ] || { echo "slurm-one-node: run as root (sudo $0)." >&2; exit 1; }

# Each daemon by the pid file it writes, so that only the daemons this script started are
# stopped, never another process of the same name.
pidfile() { case "$1" in munged) echo /run/munge/munged.pid ;; *) echo "/run/$1.pid" ;; esac; }
running() { local pid; pid=$(cat "$(pidfile "$1")" 2>/dev/null) && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }
stop() {
  local pid
  running "$1" || return 0
  pid=$(cat "$(pidfile "$1")")
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
}

if [ "${1:-}" = "--stop" ]; then
  for daemon in slurmd slurmctld munged; do stop "$daemon"; done
  echo "slurm-one-node: stopped"
  exit 0
fi

needed=()
command -v slurmctld >/dev/null 2>&1 || needed+=(slurmctld)
command -v slurmd >/dev/null 2>&1 || needed+=(slurmd)
command -v sbatch >/dev/null 2>&1 || needed+=(slurm-client)
command -v munged >/dev/null 2>&1 || needed+=(munge)
if [ ${#needed[@]} -gt 0 ]; then
  echo "slurm-one-node: installing ${needed[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
fi

# munge: a key readable only by its user, and the socket's folder.
if [ ! -s /etc/munge/munge.key ]; then
  if command -v mungekey >/dev/null 2>&1; then mungekey --create --force >/dev/null; else
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none; fi
fi
chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
install -d -o munge -g munge -m 755 /run/munge /var/lib/munge /var/log/munge
if ! running munged; then
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
fi

# slurm.conf: this host as controller and only node, described by slurmd itself (CPUs, memory).
host=$(hostname -s)
node=$(slurmd -C | head -n 1)
install -d -m 755 /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
conf=$(cat <<CONF
# Written by Scripts/slurm-one-node.sh: a one-node cluster for the grader's sharded batch.
ClusterName=grader
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
# No cgroups: a container or a fresh CI machine may not delegate them.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$node State=UNKNOWN
PartitionName=grader Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
)
if [ "$(cat /etc/slurm/slurm.conf 2>/dev/null)" != "$conf" ]; then
  printf '%s\n' "$conf" > /etc/slurm/slurm.conf
  # A changed configuration needs the daemons started again.
  stop slurmd
  stop slurmctld
fi

running slurmctld || slurmctld
running slurmd || slurmd

# Up when the controller answers and the node is idle (or already running jobs).
for _ in $(seq 1 120); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null | head -n 1 || true)
  case "$state" in
    idle|mixed|allocated|completing) echo "slurm-one-node: node $host is $state"; exit 0 ;;
    down*|drain*) scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true ;;
  esac
  sleep 1
done
echo "slurm-one-node: the node did not become idle in 2 minutes; see /var/log/slurm/slurmctld.log and slurmd.log" >&2
sinfo >&2 || true
exit 1
