from spec import T, WS
CH = WS + "/charts"; IN = WS + "/infra"; ME = WS + "/media"; BK = WS + "/backups"; SI = WS + "/site"; D = WS + "/data"
UP = "../../../../.."
# ---------------- clusterops ----------------
M = "clusterops"
T(M, "pod_logs_checked", "safe",
  [r"[[ §pod§ =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || { echo 'invalid pod name'; exit 2; }; kubectl logs --tail=100 -n §ns§ §pod§"],
  {"pod": "pod", "ns": "namespace"}, "Last 100 log lines of a pod.", wd=CH, progs=["kubectl"], idiom="DNS-1123 regex guard",
  benign={"pod": "web-1", "ns": "default"}, expect=["out:STUB:kubectl"], val_opts=["-n"])
T(M, "pod_logs", "option", ["kubectl logs --tail=100 -n §ns§ §pod§"], {"pod": "pod", "ns": "namespace"},
  "Last 100 log lines of a pod.", wd=CH, progs=["kubectl"], idiom="pod operand becomes option",
  benign={"pod": "web-1", "ns": "default"}, payload={"pod": "--kubeconfig={S}", "ns": "default"}, check=["argv:kubectl:--kubeconfig={S}"])
T(M, "scale_deployment", "safe", ["kubectl scale deployment/§name§ --replicas=§n§ -n §ns§"],
  {"name": "deployment", "n": "replicas", "ns": "namespace"}, "Scale a deployment.", wd=CH, progs=["kubectl"],
  idiom="prefix-bound values", benign={"name": "web", "n": "3", "ns": "prod"}, expect=["out:STUB:kubectl"],
  val_opts=["-n"], val_prefixes=["--replicas="])
T(M, "recycle_pod", "split", ["echo §pod§ | xargs -n1 kubectl delete pod --wait=false -n default"], {"pod": "pod name"},
  "Delete one pod so its controller recreates it.", wd=CH, progs=["kubectl", "xargs"], idiom="echo | xargs splits",
  benign={"pod": "web-1"}, payload={"pod": "web-1 --all"}, check=["argv:kubectl:--all"])
T(M, "helm_deploy", "option", ["helm upgrade --install §release§ ./chart -f values.yaml --wait"], {"release": "release name"},
  "Install or upgrade the chart.", wd=CH, progs=["helm"], idiom="release operand becomes option",
  benign={"release": "web"}, payload={"release": "--post-renderer=/tmp/blindK_w_x"}, check=["argv:helm:--post-renderer=/tmp/blindK_w_x"])
T(M, "helm_deploy_checked", "safe",
  [r"[[ §release§ =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || exit 2; helm upgrade --install -f values.yaml --wait -- §release§ ./chart"],
  {"release": "release name"}, "Install or upgrade the chart (checked).", wd=CH, progs=["helm"], idiom="regex + --",
  benign={"release": "web"}, expect=["out:STUB:helm"])
T(M, "kustomize_render", "option", ["kustomize build §overlay§"], {"overlay": "overlay dir"}, "Render a kustomize overlay.",
  wd=CH, progs=["kustomize"], idiom="dir operand becomes option", benign={"overlay": "overlays/prod"},
  payload={"overlay": "--output={W}"}, check=["argv:kustomize:--output={W}"])
T(M, "run_tool_image", "option", ["docker run --rm §image§ --version"], {"image": "image"}, "Print a tool image's version.",
  wd=CH, progs=["docker"], idiom="image operand becomes option", benign={"image": "alpine:3"},
  payload={"image": "-v/:/host"}, check=["argv:docker:-v/:/host"])
T(M, "run_tool_image_checked", "safe",
  [r"[[ §image§ =~ ^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?$ ]] || { echo 'bad image'; exit 2; }; docker run --rm §image§ --version"],
  {"image": "image"}, "Print a tool image's version (checked).", wd=CH, progs=["docker"], idiom="image regex guard",
  benign={"image": "alpine:3"}, expect=["out:STUB:docker"])
T(M, "pull_image", "split", ["printf '%s\\n' §image§ | xargs -I{} docker pull {}"], {"image": "image"}, "Pull one image.",
  wd=CH, progs=["docker", "xargs"], idiom="xargs -I splits on newline", benign={"image": "alpine:3"},
  payload={"image": "alpine:3\n--platform=evil"}, check=["argv:docker:--platform=evil"])
T(M, "build_image", "safe", ["docker build --build-arg VERSION=§version§ -t app:§tag§ ."], {"version": "version", "tag": "tag"},
  "Build the app image.", wd=CH, progs=["docker"], idiom="values bound to options", benign={"version": "1.0", "tag": "dev"},
  expect=["out:STUB:docker"], val_opts=["--build-arg", "-t"])
T(M, "cluster_pods", "broken", ["kubectl get pods -n §ns§ -o name"], {"ns": "namespace"}, "List pods.", wd=CH,
  env={"KUBECONFIG": "${HOME}/.kube/config"}, progs=["kubectl"], idiom="env_vars ${HOME} eaten by client",
  benign={"ns": "default"}, check=["fail:"])
T(M, "pods_in_context", "safe", ["kubectl --context $KUBE_CONTEXT get pods -n §ns§ -o name"], {"ns": "namespace"},
  "List pods in the configured context (set clusterops_KUBE_CONTEXT).", wd=CH, progs=["kubectl"], idiom="configured client variable",
  variables={"KUBE_CONTEXT": "staging"}, benign={"ns": "default"}, expect=["out:--context staging"], val_opts=["-n"])
T(M, "pods_for_app", "split", ['echo "Pods: $(kubectl get pods -l "app=§app§" -o name)"'], {"app": "app label"},
  "Pods of an app.", wd=CH, progs=["kubectl"], idiom="placeholder in quotes inside \"$( )\" (tracker)",
  benign={"app": "web"}, payload={"app": "web --all-namespaces"}, check=["argv:kubectl:--all-namespaces"])
T(M, "image_digest", "safe", ["skopeo inspect --format '{{.Digest}}' docker://registry.local/§image§"], {"image": "repo:tag"},
  "Digest of an image.", wd=CH, progs=["skopeo"], idiom="transport prefix", benign={"image": "app:1"}, expect=["out:STUB:skopeo"])
T(M, "scan_image", "option", ["trivy image --severity HIGH,CRITICAL §image§"], {"image": "image"}, "Scan an image.",
  wd=CH, progs=["trivy"], idiom="image operand becomes option", benign={"image": "alpine:3"},
  payload={"image": "--output={W}"}, check=["argv:trivy:--output={W}"])

# ---------------- cloudops ----------------
M = "cloudops"
T(M, "s3_upload", "option", ["aws s3 cp §file§ s3://releases/"], {"file": "local file"}, "Upload a file to the releases bucket.",
  wd=IN, progs=["aws"], idiom="file operand becomes option", benign={"file": "plan.txt"},
  payload={"file": "--endpoint-url=http://127.0.0.1:9"}, check=["argv:aws:--endpoint-url=http://127.0.0.1:9"])
T(M, "s3_upload_key", "safe", ["aws s3 cp ../out/report.txt s3://releases/§key§"], {"key": "object key"},
  "Upload the report under a key.", wd=IN, progs=["aws"], idiom="value after s3:// prefix", benign={"key": "r.txt"},
  expect=["out:STUB:aws"], val_prefixes=["s3://"])
T(M, "s3_list_profile", "safe", ["aws --profile $AWS_PROFILE_NAME s3 ls s3://§bucket§/"], {"bucket": "bucket"},
  "List a bucket with the configured profile (set cloudops_AWS_PROFILE_NAME).", wd=IN, progs=["aws"],
  idiom="configured client variable", variables={"AWS_PROFILE_NAME": "ops"}, benign={"bucket": "logs"}, expect=["out:--profile ops"])
T(M, "tf_state_show", "option", ["terraform state show §address§"], {"address": "resource address"}, "Show a resource from state.",
  wd=IN, progs=["terraform"], idiom="address operand becomes option", benign={"address": "aws_s3_bucket.logs"},
  payload={"address": "-state={S}"}, check=["argv:terraform:-state={S}"])
T(M, "tf_fmt_check", "safe", ["terraform fmt -check -diff -- §dir§"], {"dir": "module dir"}, "Check formatting of a module.",
  wd=IN, progs=["terraform"], idiom="--", benign={"dir": "modules/net"}, expect=["out:STUB:terraform"])
T(M, "vault_get", "option", ["vault kv get §path§"], {"path": "secret path"}, "Read a KV secret.", wd=IN, progs=["vault"],
  idiom="path operand becomes option", benign={"path": "secret/app"}, payload={"path": "-address=http://127.0.0.1:9"},
  check=["argv:vault:-address=http://127.0.0.1:9"])
T(M, "vault_get_checked", "safe", ["vault kv get -mount=secret -- §path§"], {"path": "secret path"}, "Read a KV secret.",
  wd=IN, progs=["vault"], idiom="--", benign={"path": "app"}, expect=["out:STUB:vault"])
T(M, "gce_describe", "option", ["gcloud compute instances describe §name§ --zone=europe-west1-b --format=json"],
  {"name": "instance"}, "Describe an instance.", wd=IN, progs=["gcloud"], idiom="name operand becomes option",
  benign={"name": "web-1"}, payload={"name": "--flags-file={S}"}, check=["argv:gcloud:--flags-file={S}"])
T(M, "gce_describe_checked", "safe",
  [r"[[ §name§ =~ ^[a-z]([-a-z0-9]*[a-z0-9])?$ ]] || exit 2; gcloud compute instances describe §name§ --zone=europe-west1-b --format=json"],
  {"name": "instance"}, "Describe an instance (checked).", wd=IN, progs=["gcloud"], idiom="regex guard",
  benign={"name": "web-1"}, expect=["out:STUB:gcloud"])
T(M, "rclone_push", "option", ["rclone copy §src§ backup:site"], {"src": "local dir"}, "Copy a dir to the backup remote.",
  wd=IN, progs=["rclone"], idiom="src operand becomes option", benign={"src": "../site"}, payload={"src": "--config={S}"},
  check=["argv:rclone:--config={S}"])
T(M, "restic_backup", "split", ["restic backup --tag nightly $(echo §path§)"], {"path": "directory to back up"},
  "Back up a directory.", wd=IN, progs=["restic"], idiom="unquoted $(echo)", benign={"path": "../site"},
  payload={"path": "../site --password-command=id"}, check=["argv:restic:--password-command=id"])
T(M, "account_buckets", "broken",
  [("aws sts get-caller-identity --query Account --output text", False), "aws s3 ls s3://backups-$CMD_0_OUTPUT/§prefix§"],
  {"prefix": "prefix"}, "List the account's backup bucket.", wd=IN, progs=["aws"], idiom="$CMD_0_OUTPUT eaten by client",
  benign={"prefix": "daily/"}, check=["fail:"])
T(M, "account_buckets_braced", "safe",
  [("aws sts get-caller-identity --query Account --output text", False),
   'aws s3 ls "s3://backups-${CMD_0_OUTPUT%%[[:space:]]*}/"§prefix§'],
  {"prefix": "prefix"}, "List the account's backup bucket.", wd=IN, progs=["aws"], idiom="${CMD_0_OUTPUT%%...} survives client",
  benign={"prefix": "daily/"}, expect=["out:s3://backups-STUB:aws/daily/"], val_prefixes=["s3://"])
T(M, "restic_snapshots", "broken", ["restic snapshots --tag §tag§"], {"tag": "tag"}, "List snapshots.",
  wd=IN, env={"RESTIC_PASSWORD_FILE": "$HOME/.restic-pass", "RESTIC_REPOSITORY": "/srv/restic"}, progs=["restic"],
  idiom="env_vars $HOME eaten by client", benign={"tag": "nightly"}, check=["fail:"])

# ---------------- mediakit ----------------
M = "mediakit"
T(M, "video_duration", "split",
  ['echo "Duration: $(ffprobe -v error -show_entries format=duration -of csv=p=0 "§file§")s"'], {"file": "video"},
  "Duration of a video.", wd=ME, progs=["ffprobe"], idiom="quoted placeholder inside \"$( )\" (tracker)",
  benign={"file": "clip.mp4"}, payload={"file": "clip.mp4 -report"}, check=["argv:ffprobe:-report"])
T(M, "video_duration_i", "safe", ["ffprobe -v error -show_entries format=duration -of csv=p=0 -i §file§"], {"file": "video"},
  "Duration of a video.", wd=ME, progs=["ffprobe"], idiom="value of -i", benign={"file": "clip.mp4"},
  expect=["out:STUB:ffprobe"], val_opts=["-i"])
T(M, "exif_json", "safe", ["exiftool -json -- §file§"], {"file": "image"}, "EXIF metadata as JSON.", wd=ME,
  progs=["exiftool"], idiom="--", benign={"file": "photo.jpg"}, expect=["out:STUB:exiftool"])
T(M, "pdf_page_png", "option", ["gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -o ../out/page.png §pdf§"], {"pdf": "pdf"},
  "Render a PDF's first page.", wd=ME, progs=["gs"], idiom="-dNOSAFER via operand", benign={"pdf": "doc.pdf"},
  payload={"pdf": "-dNOSAFER"}, check=["argv:gs:-dNOSAFER"])
T(M, "md_to_html", "option", ["pandoc §input§ -s -o ../site/index.html"], {"input": "markdown file"}, "Render markdown to HTML.",
  wd=WS + "/docs", progs=["pandoc"], idiom="input operand becomes option", benign={"input": "index.md"},
  payload={"input": "--lua-filter={S}"}, check=["argv:pandoc:--lua-filter={S}"])
T(M, "md_to_html_checked", "safe", ["pandoc -s -o ../site/index.html -- §input§"], {"input": "markdown file"},
  "Render markdown to HTML.", wd=WS + "/docs", progs=["pandoc"], idiom="--", benign={"input": "index.md"}, expect=["out:STUB:pandoc"])
T(M, "strings_of", "option", ["strings -n 6 §file§ | head -n 50"], {"file": "binary"}, "Printable strings of a file.",
  wd=ME, progs=["strings"], idiom="binutils @file expansion", benign={"file": "clip.mp4"},
  payload={"file": "@{S}"}, check=["out:BKSECRET42"])
T(M, "strings_of_dd", "option", ["strings -n 6 -- §file§ | head -n 50"], {"file": "binary"}, "Printable strings of a file.",
  wd=ME, progs=["strings"], idiom="@file expanded even after --", benign={"file": "clip.mp4"},
  payload={"file": "@{S}"}, check=["out:BKSECRET42"])
T(M, "strings_of_dotslash", "safe", ["strings -n 6 ./§file§ | head -n 50"], {"file": "binary"},
  "Printable strings of a media file.", wd=ME, progs=["strings"], idiom="./ prefix", benign={"file": "clip.mp4"},
  expect=["out:fake image"], hostile_extra=["@{S}", "-f{S}"])
T(M, "media_type", "safe", ["file --brief --mime-type -- §file§"], {"file": "file"}, "MIME type of a file.", wd=ME,
  progs=["file"], idiom="--", benign={"file": "photo.jpg"}, expect=["out:text/plain"], hostile_extra=["-f{S}", "-m{S}"])
T(M, "ocr_page", "option", ["tesseract §image§ stdout -l eng"], {"image": "image"}, "OCR an image.", wd=ME,
  progs=["tesseract"], idiom="image operand becomes option", benign={"image": "photo.jpg"},
  payload={"image": "--tessdata-dir=/tmp/blindK_w_x"}, check=["argv:tesseract:--tessdata-dir=/tmp/blindK_w_x"])
T(M, "photo_copy_sized", "write", ["cp -- §src§ ../out/§name§.jpg && ls ../out"], {"src": "photo", "name": "output name"},
  "Copy a photo into out/ under a new name.", wd=ME, progs=["cp"], idiom="dest path from arg",
  benign={"src": "photo.jpg", "name": "p1"}, payload={"src": "photo.jpg", "name": UP + "{W}"}, check=["exists:{W}.jpg"])
T(M, "exif_summary", "broken",
  ["exiftool -s -s -s -ImageSize §file§ > /tmp/blindK_ws/tmp/size.txt", "read w h < <(tr x ' ' < /tmp/blindK_ws/tmp/size.txt); echo " + '"${w}x${h}"'],
  {"file": "image"}, "Image size.", wd=ME, progs=["exiftool", "tr"], idiom="${w} ${h} eaten by client",
  benign={"file": "photo.jpg"}, check=["fail:"])

# ---------------- backupkit ----------------
M = "backupkit"
T(M, "restore_to", "write", ["mkdir -p ../restore/§dest§ && tar -xzf snap.tar.gz -C ../restore/§dest§ && echo restored"],
  {"dest": "restore subdir"}, "Restore the snapshot into restore/<dest>.", wd=BK, progs=["tar", "mkdir"], idiom="-C dir from arg",
  benign={"dest": "today"}, payload={"dest": UP + "{W}"}, check=["exists:{W}/table.csv"])
T(M, "restore_member", "exec", ["tar -xzf snap.tar.gz -C ../restore §member§ && echo restored"], {"member": "member path"},
  "Restore one file from the snapshot.", wd=BK, progs=["tar"], idiom="tar --to-command via member",
  benign={"member": "./table.csv"}, payload={"member": "--to-command=touch {C}"}, check=["exists:{C}"])
T(M, "restore_member_dd", "safe", ["mkdir -p ../restore && tar -xzf snap.tar.gz -C ../restore -- §member§ && ls ../restore"],
  {"member": "member path"}, "Restore one file from the snapshot.", wd=BK, progs=["tar"], idiom="--",
  benign={"member": "./table.csv"}, expect=["out:table.csv"], hostile_extra=["--to-command=touch {C}", "--checkpoint=1 --checkpoint-action=exec=touch {C}", "-I touch {C}"])
T(M, "list_archive", "safe", ["tar -tzf §archive§"], {"archive": "archive"}, "List an archive.", wd=BK, progs=["tar"],
  idiom="value of -f", benign={"archive": "snap.tar.gz"}, expect=["out:table.csv"], noread=False,
  hostile_extra=["--to-command=touch {C}", "-oProxyCommand=touch {C}:x", "127.0.0.1:x"])
T(M, "unzip_into", "write", ["unzip -o -q data.zip -d ../restore/§dest§ && ls ../restore/§dest§"], {"dest": "subdir"},
  "Unzip data.zip into restore/<dest>.", wd=BK, progs=["unzip"], idiom="-d dir from arg",
  benign={"dest": "z"}, payload={"dest": UP + "{W}"}, check=["exists:{W}/table.csv"])
T(M, "unzip_into_checked", "safe",
  [r"[[ §dest§ =~ ^[a-z0-9_-]+$ ]] || { echo 'dest must be a simple name'; exit 2; }; unzip -o -q data.zip -d ../restore/§dest§ && ls ../restore/§dest§"],
  {"dest": "subdir"}, "Unzip data.zip into restore/<dest> (checked).", wd=BK, progs=["unzip"], idiom="regex guard",
  benign={"dest": "z"}, expect=["out:table.csv"])
T(M, "zip_site", "write", ["cd ../site && zip -qr ../backups/§name§.zip . && ls ../backups"], {"name": "zip name"},
  "Zip the site directory.", wd=BK, progs=["zip"], idiom="zip path from arg", benign={"name": "site"},
  payload={"name": UP + "{W}"}, check=["exists:{W}.zip"])
T(M, "mirror_dir", "option", ["rsync -a §src§ mirror/"], {"src": "source dir"}, "Mirror a directory into backups/mirror.",
  wd=BK, progs=["rsync"], idiom="src operand becomes option", benign={"src": "../site/"},
  payload={"src": "--remove-source-files"}, check=["argv:rsync:--remove-source-files"])
T(M, "mirror_dir_checked", "safe", ["rsync -a --protect-args -- §src§ mirror/"], {"src": "source dir"},
  "Mirror a directory into backups/mirror.", wd=BK, progs=["rsync"], idiom="--", benign={"src": "../site/"}, expect=["out:STUB:rsync"])
T(M, "image_file", "write", ["dd if=§src§ of=§name§.img bs=1M status=none && echo imaged §name§.img"], {"src": "source file", "name": "image name"},
  "Raw-copy a file into backups/<name>.img.", wd=BK, progs=["dd"], idiom="of= from arg",
  benign={"src": "../data/table.csv", "name": "t"}, payload={"src": "../data/table.csv", "name": UP + "{W}"}, check=["exists:{W}.img"])
T(M, "image_file_checked", "safe",
  [r"[[ §src§ =~ ^[A-Za-z0-9._-]+$ && §name§ =~ ^[A-Za-z0-9_-]+$ ]] || exit 2; dd if=../data/§src§ of=§name§.img bs=1M status=none && echo imaged"],
  {"src": "file in data/", "name": "image name"}, "Raw-copy a data file into backups/.", wd=BK, progs=["dd"], idiom="regex guards",
  benign={"src": "table.csv", "name": "t"}, expect=["out:imaged"], hostile_extra=["of=/tmp/blindK_pwn_y", "..", "table.csv of={P}"])
T(M, "borg_archive", "safe", ["borg create --stats ::§archive§ ../site"], {"archive": "archive name"}, "Create a borg archive.",
  wd=BK, progs=["borg"], idiom="::prefix", benign={"archive": "nightly"}, expect=["out:STUB:borg"], val_prefixes=["::"])
T(M, "snapshot_dated", "write", ['tar -czf "§name§-$(date +%F).tar.gz" -C ../site . && ls'], {"name": "snapshot name"},
  "Dated snapshot of site/ in backups/.", wd=BK, progs=["tar", "date"], idiom="dq path from arg",
  benign={"name": "site"}, payload={"name": UP + "{W}"}, check=["glob:{W}-*.tar.gz"])
T(M, "latest_backup_list", "broken",
  [("ls -t *.tar.gz | head -n1", False), "tar -tzf $CMD_0_OUTPUT | head -n §n§"], {"n": "entries"},
  "List the newest backup.", wd=BK, progs=["tar", "ls"], idiom="$CMD_0_OUTPUT eaten by client", benign={"n": "5"}, check=["fail:"])
T(M, "archive_entry_count", "split", ['echo "Entries: $(tar -tzf §archive§ | wc -l)"'], {"archive": "archive"},
  "Number of entries in an archive.", wd=BK, progs=["tar", "wc"], idiom="bare placeholder inside \"$( )\" (tracker)",
  benign={"archive": "snap.tar.gz"}, payload={"archive": "snap.tar.gz --index-file={W}"}, check=["exists:{W}"])
T(M, "purge_uploads", "split", ["find ../uploads -name §pattern§ -print | xargs rm -f && ls ../uploads"], {"pattern": "name glob"},
  "Delete uploads matching a name glob.", wd=BK, progs=["find", "xargs", "rm"], idiom="find | xargs on names with spaces",
  benign={"pattern": "*.bak"}, payload={"pattern": "old report.txt"}, check=["absent:{WS}/uploads/old"])
T(M, "purge_uploads_null", "safe", ["find ../uploads -name §pattern§ -print0 | xargs -0 -r rm -f -- && ls ../uploads"],
  {"pattern": "name glob"}, "Delete uploads matching a name glob.", wd=BK, progs=["find", "xargs", "rm"], idiom="-print0 | xargs -0",
  benign={"pattern": "*.bak"}, expect=["out:old"], safe_check=["exists:{WS}/data/table.csv"])
