#!/usr/bin/env bash
# Runs the Indexed Job and then its merge on the current kubectl context:
#   deploy/k8s/run.sh            (after editing shards.yaml and merge.yaml)
# The shards and the merge share the volume claim `sandtable-work` (ReadWriteMany, or one node).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kubectl delete job sandtable-shards sandtable-merge --ignore-not-found
kubectl apply -f "$here/shards.yaml"
kubectl wait --for=condition=complete job/sandtable-shards --timeout=24h
kubectl apply -f "$here/merge.yaml"
kubectl wait --for=condition=complete job/sandtable-merge --timeout=1h
kubectl logs job/sandtable-merge
