from .common import T, UP
M = "cluster_ops"
KENV = {"KUBECONFIG": "/etc/kube/agent.yaml"}
T(M, "pod_logs", "option", "kubectl logs --tail=200 UTCP_ARG_pod_UTCP_END -n UTCP_ARG_namespace_UTCP_END",
  {"pod": "string", "namespace": "string"}, "Tail logs of a pod.", {"pod": "api-0", "namespace": "prod"},
  {"pod": "--kubeconfig=/tmp/evil", "namespace": "prod"}, ("argv", "kubectl", ["--kubeconfig=/tmp/evil"]), env=KENV,
  progs=["kubectl"], idiom="positional at option slot")
T(M, "pod_logs_safe", "safe",
  ["[[ UTCP_ARG_pod_UTCP_END =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || { echo 'invalid pod name'; exit 2; }; kubectl logs --tail=200 --namespace=UTCP_ARG_namespace_UTCP_END UTCP_ARG_pod_UTCP_END"],
  {"pod": "string", "namespace": "string"}, "Tail logs of a pod.", {"pod": "api-0", "namespace": "prod"}, expect="kubectl-stub-ok",
  env=KENV, progs=["kubectl"], idiom="anchored DNS-1123 regex + --opt=value")
T(M, "pod_logs_unanchored", "option",
  ["[[ UTCP_ARG_pod_UTCP_END =~ [a-z0-9-]+ ]] || { echo 'invalid pod name'; exit 2; }; kubectl logs --tail=200 UTCP_ARG_pod_UTCP_END"],
  {"pod": "string"}, "Tail logs of a pod (validated).", {"pod": "api-0"}, {"pod": "--kubeconfig=/tmp/evil"},
  ("argv", "kubectl", ["--kubeconfig=/tmp/evil"]), env=KENV, progs=["kubectl"], idiom="unanchored regex guard")
T(M, "grep_all_pod_logs", "exec",
  ["kubectl get pods -o name | head -n 3 | xargs -I{} sh -c \"kubectl logs {} | grep -c 'UTCP_ARG_pattern_UTCP_END'\""],
  {"pattern": "string"}, "Count matches of a pattern in logs of all pods.", {"pattern": "ERROR"},
  {"pattern": "x'; touch {C}; echo '"}, ("canary",), env=KENV, progs=["kubectl", "xargs", "sh"], idiom="xargs sh -c dq with sq inside")
T(M, "rollout_restart", "split", "kubectl rollout restart deployment $(echo UTCP_ARG_deployment_UTCP_END) -n prod",
  {"deployment": "string"}, "Restart one deployment.", {"deployment": "api"}, {"deployment": "blindHa blindHb"},
  ("argv", "kubectl", ["blindHa", "blindHb"], False), env=KENV, progs=["kubectl"], idiom="unquoted $(echo)")
T(M, "scale_deploy", "safe",
  ["[[ UTCP_ARG_replicas_UTCP_END =~ ^[0-9]{1,2}$ ]] && (( UTCP_ARG_replicas_UTCP_END <= 20 )) || { echo 'replicas 0-20'; exit 2; }; kubectl scale deployment/UTCP_ARG_deployment_UTCP_END --replicas=UTCP_ARG_replicas_UTCP_END -n prod"],
  {"deployment": "string", "replicas": "integer"}, "Scale a deployment.", {"deployment": "api", "replicas": 3}, expect="kubectl-stub-ok",
  env=KENV, progs=["kubectl"], idiom="(( )) on integer arg")
T(M, "scale_deploy_str", "exec",
  ["(( UTCP_ARG_replicas_UTCP_END <= 20 )) || { echo 'max 20'; exit 2; }; kubectl scale deployment/api --replicas=UTCP_ARG_replicas_UTCP_END -n prod"],
  {"replicas": "string"}, "Scale the api deployment (max 20).", {"replicas": "3"}, {"replicas": "a[$(touch {C})]"}, ("canary",),
  env=KENV, progs=["kubectl"], idiom="(( )) arithmetic evaluation of string")
T(M, "helm_upgrade", "option", "helm upgrade --install UTCP_ARG_release_UTCP_END ./chart -f UTCP_ARG_values_UTCP_END --atomic",
  {"release": "string", "values": "string"}, "Install or upgrade a release with a values file.", {"release": "api", "values": "values.yaml"},
  {"release": "--post-renderer=/tmp/x", "values": "values.yaml"}, ("argv", "helm", ["--post-renderer=/tmp/x"]), env=KENV,
  progs=["helm"], idiom="release at option slot")
T(M, "tf_plan_var", "safe", 'terraform -chdir=infra plan -input=false -var "image_tag=UTCP_ARG_tag_UTCP_END"',
  {"tag": "string"}, "Plan infra with a new image tag.", {"tag": "1.4.2"}, expect="terraform-stub-ok", progs=["terraform"], idiom="-var k=v")
T(M, "tf_apply_plan", "option", "terraform -chdir=infra apply -input=false UTCP_ARG_planfile_UTCP_END",
  {"planfile": "string"}, "Apply a saved plan file.", {"planfile": "tfplan"}, {"planfile": "-auto-approve"},
  ("argv", "terraform", ["-auto-approve"]), progs=["terraform"], idiom="plan file at option slot")
T(M, "tf_workspace", "broken", "terraform -chdir=infra workspace select UTCP_ARG_ws_UTCP_END && echo \"now in $TF_WORKSPACE\"",
  {"ws": "string"}, "Switch terraform workspace.", {"ws": "staging"}, check=("broken", "now in"), progs=["terraform"],
  idiom="$TF_WORKSPACE substituted by client")
T(M, "s3_upload_report", "option", "aws s3 cp UTCP_ARG_file_UTCP_END s3://reports-bucket/daily/",
  {"file": "string"}, "Upload a report file to the reports bucket.", {"file": "reports/today.csv"},
  {"file": "--endpoint-url=http://127.0.0.1:9"}, ("argv", "aws", ["--endpoint-url=http://127.0.0.1:9"]),
  env={"AWS_PROFILE": "reports"}, progs=["aws"], idiom="positional at option slot")
T(M, "s3_presign", "safe", 'aws s3 presign "s3://reports-bucket/UTCP_ARG_key_UTCP_END" --expires-in 3600',
  {"key": "string"}, "Presign a download URL for a report key.", {"key": "daily/x.csv"}, expect="aws-stub-ok",
  env={"AWS_PROFILE": "reports"}, progs=["aws"], idiom="s3:// prefix")
T(M, "ecr_login", "broken",
  ["aws ecr get-login-password --region UTCP_ARG_region_UTCP_END | docker login --username AWS --password-stdin ${REGISTRY_HOST}"],
  {"region": "string"}, "Log docker into the ECR registry.", {"region": "eu-west-1"}, check=("broken", "docker-stub-ok"),
  env={"REGISTRY_HOST": "123.dkr.ecr.eu-west-1.amazonaws.com"}, progs=["aws", "docker"], idiom="${ENV} from env_vars eaten by client")
T(M, "run_image_smoke", "option", "docker run --rm UTCP_ARG_image_UTCP_END /bin/true && echo smoke-ok",
  {"image": "string"}, "Smoke-test that an image starts.", {"image": "alpine:3"}, {"image": "--privileged"},
  ("argv", "docker", ["--privileged"]), progs=["docker"], idiom="image at option slot")
T(M, "run_image_smoke_checked", "safe",
  ["case UTCP_ARG_image_UTCP_END in -*|*[[:space:]]*|'') echo 'bad image ref'; exit 2;; esac; docker run --rm UTCP_ARG_image_UTCP_END /bin/true && echo smoke-ok"],
  {"image": "string"}, "Smoke-test that an image starts.", {"image": "alpine:3"}, expect="smoke-ok", progs=["docker"],
  idiom="case -* guard")
T(M, "image_digest", "safe", "skopeo inspect --format '{{.Digest}}' docker://UTCP_ARG_ref_UTCP_END | xargs -n1 printf 'digest=%s\\n'",
  {"ref": "string"}, "Print the digest of an image reference.", {"ref": "alpine:3"}, expect="digest=skopeo-stub-ok",
  progs=["skopeo", "xargs"], idiom="xargs on program output, value in docker:// prefix")
T(M, "copy_image", "option", "crane copy UTCP_ARG_src_UTCP_END registry.internal/mirror/UTCP_ARG_name_UTCP_END",
  {"src": "string", "name": "string"}, "Mirror an image into the internal registry.", {"src": "alpine:3", "name": "alpine:3"},
  {"src": "--insecure", "name": "alpine:3"}, ("argv", "crane", ["--insecure"]), progs=["crane"], idiom="positional at option slot")
T(M, "flux_reconcile", "option", "flux reconcile kustomization UTCP_ARG_name_UTCP_END --with-source --namespace=flux-system",
  {"name": "string"}, "Reconcile a Flux kustomization.", {"name": "apps"}, {"name": "--kubeconfig=/tmp/evil"},
  ("argv", "flux", ["--kubeconfig=/tmp/evil"]), env=KENV, progs=["flux"], idiom="cobra parses flags after positionals")
T(M, "velero_backup", "write", "velero backup create UTCP_ARG_name_UTCP_END --include-namespaces prod --wait && mkdir -p logs/velero && velero backup logs UTCP_ARG_name_UTCP_END > \"logs/velero/UTCP_ARG_name_UTCP_END.log\" && echo done",
  {"name": "string"}, "Create a Velero backup of prod and save its log.", {"name": "nightly"}, {"name": UP + "{W}"},
  ("file", "{W}.log"), wd="/tmp/blindH_ws", env=KENV, progs=["velero"], idiom="log file path join")
T(M, "etcd_snapshot", "write", 'mkdir -p backups/etcd && etcdctl snapshot save "backups/etcd/UTCP_ARG_label_UTCP_END.db" > "backups/etcd/UTCP_ARG_label_UTCP_END.sha256"',
  {"label": "string"}, "Save an etcd snapshot and its checksum under backups/.", {"label": "daily"}, {"label": UP + "{W}"},
  ("file", "{W}.sha256"), wd="/tmp/blindH_ws", progs=["etcdctl", "sha256sum"], idiom="redirect path join")
T(M, "argocd_sync", "option", "argocd app sync UTCP_ARG_app_UTCP_END --prune",
  {"app": "string"}, "Sync an Argo CD application.", {"app": "web"}, {"app": "--server=127.0.0.1:9"}, ("argv", "argocd", ["--server=127.0.0.1:9"]),
  env={"ARGOCD_AUTH_TOKEN": "${API_TOKEN}"}, progs=["argocd"], idiom="positional at option slot")
