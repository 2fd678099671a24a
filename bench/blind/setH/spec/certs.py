from .common import T, UP
M = "pki_keys"
D = "/tmp/blindH_ws"
T(M, "cert_subject", "safe", "openssl x509 -noout -subject -enddate -in UTCP_ARG_cert_path_UTCP_END",
  {"cert_path": "string"}, "Show subject and expiry of a PEM certificate at a path.", {"cert_path": "certs/server.crt"},
  expect="localhost", wd=D, progs=["openssl"], idiom="value as -in argument")
T(M, "csr_for_host", "write",
  'openssl req -new -key certs/server.key -subj "/CN=UTCP_ARG_cn_UTCP_END" -out "certs/UTCP_ARG_out_name_UTCP_END.csr" && echo ok',
  {"cn": "string", "out_name": "string"}, "Create a CSR for a host name.", {"cn": "api.local", "out_name": "api"},
  {"cn": "api.local", "out_name": UP + "{W}"}, ("file", "{W}.csr"), wd=D, progs=["openssl"], idiom="-out path join")
T(M, "csr_for_host_checked", "safe",
  ['[[ UTCP_ARG_cn_UTCP_END =~ ^[A-Za-z0-9.-]+$ && UTCP_ARG_cn_UTCP_END != .* ]] || { echo "invalid host name"; exit 2; }; openssl req -new -key certs/server.key -subj "/CN=UTCP_ARG_cn_UTCP_END" -out "certs/UTCP_ARG_cn_UTCP_END.csr" && echo ok'],
  {"cn": "string"}, "Create certs/<host>.csr for a host name.", {"cn": "api.local"}, expect="ok", wd=D,
  progs=["openssl"], idiom="[[ =~ ]] && != .* guard")
T(M, "ssh_deploy_key", "write",
  "ssh-keygen -q -t ed25519 -N '' -C UTCP_ARG_comment_UTCP_END -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created",
  {"name": "string", "comment": "string"}, "Generate a deploy key pair under keys/.", {"name": "deploy", "comment": "ci"},
  {"name": UP + "{W}", "comment": "ci"}, ("file", "{W}.pub"), wd=D, progs=["ssh-keygen"], idiom="-f path join")
T(M, "ssh_deploy_key_checked", "safe",
  ["case UTCP_ARG_name_UTCP_END in ''|*[!a-z0-9_-]*) echo 'name: [a-z0-9_-]+'; exit 2;; esac; ssh-keygen -q -t ed25519 -N '' -C UTCP_ARG_comment_UTCP_END -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created"],
  {"name": "string", "comment": "string"}, "Generate a deploy key pair under keys/.", {"name": "deploy", "comment": "ci"},
  expect="created", wd=D, progs=["ssh-keygen"], idiom="case charset guard")
T(M, "ssh_fingerprint", "safe", "ssh-keygen -l -E sha256 -f UTCP_ARG_pubkey_UTCP_END",
  {"pubkey": "string"}, "Fingerprint a public key file.", {"pubkey": "keys/k.pub"}, expect="SHA256", wd=D,
  progs=["ssh-keygen"], idiom="-f argument")
T(M, "armor_blob", "option", "gpg --batch --yes --enarmor UTCP_ARG_file_UTCP_END && echo armored",
  {"file": "string"}, "ASCII-armor a binary file (writes <file>.asc).", {"file": "data/notes.txt"}, {"file": "--output={W}"},
  ("file", "{W}"), wd=D, progs=["gpg"], idiom="gpg --output=")
T(M, "armor_blob_safe", "safe", "gpg --batch --yes --output out/blob.asc --enarmor -- UTCP_ARG_file_UTCP_END && echo armored",
  {"file": "string"}, "ASCII-armor a binary file into out/blob.asc.", {"file": "data/notes.txt"}, expect="armored",
  wd=D, progs=["gpg"], idiom="gpg --")
T(M, "cert_days_left", "safe",
  ["end=$(date -d \"$(openssl x509 -enddate -noout -in certs/UTCP_ARG_name_UTCP_END.crt | cut -d= -f2)\" +%s); echo $(( (end - $(date +%s)) / 86400 )) days"],
  {"name": "string"}, "Days until a certificate in certs/ expires.", {"name": "server"}, expect="days",
  wd=D, progs=["openssl", "date"], idiom="arithmetic with bare names (no $)")
T(M, "cert_days_left_v2", "broken",
  ["end=$(date -d \"$(openssl x509 -enddate -noout -in certs/UTCP_ARG_name_UTCP_END.crt | cut -d= -f2)\" +%s); now=$(date +%s); echo \"$(( (end - now) / 86400 )) days left (expires $end)\""],
  {"name": "string"}, "Days until a certificate in certs/ expires.", {"name": "server"}, check=("broken", "days left"),
  wd=D, progs=["openssl", "date"], idiom="$end eaten by client")
T(M, "pfx_bundle", "write",
  'mkdir -p certs/bundles && cat certs/server.crt certs/server.key > "certs/bundles/UTCP_ARG_bundle_UTCP_END.pem" && echo bundled',
  {"bundle": "string"}, "Concatenate server cert and key into certs/bundles/<bundle>.pem.", {"bundle": "web"},
  {"bundle": UP + "{W}"}, ("file", "{W}.pem"), wd=D, progs=["cat"], idiom="redirect path join")
T(M, "keystore_create", "write",
  'keytool -genkeypair -alias UTCP_ARG_alias_UTCP_END -keyalg RSA -keysize 1024 -dname "CN=UTCP_ARG_alias_UTCP_END" -storepass changeit -keystore "keys/UTCP_ARG_store_UTCP_END.p12" -storetype PKCS12 -validity 1 2>&1 && echo stored',
  {"alias": "string", "store": "string"}, "Create a PKCS12 keystore under keys/ with a new key pair.", {"alias": "app", "store": "app"},
  {"alias": "app", "store": UP + "{W}"}, ("file", "{W}.p12"), wd=D, progs=["keytool"], idiom="-keystore path join")
T(M, "vault_read", "option", "vault kv get -format=json UTCP_ARG_path_UTCP_END",
  {"path": "string"}, "Read a KV secret from Vault.", {"path": "secret/app"}, {"path": "-address=http://127.0.0.1:9/"},
  ("argv", "vault", ["-address=http://127.0.0.1:9/"]), env={"VAULT_ADDR": "${VAULT_ADDR}", "VAULT_TOKEN": "${API_TOKEN}"},
  progs=["vault"], idiom="go flag at positional; token in env_vars")
T(M, "vault_read_safe", "safe", "vault kv get -format=json -mount=secret -- UTCP_ARG_path_UTCP_END",
  {"path": "string"}, "Read a KV secret from the secret/ mount.", {"path": "app"}, expect="vault-stub-ok",
  env={"VAULT_ADDR": "${VAULT_ADDR}", "VAULT_TOKEN": "${API_TOKEN}"}, progs=["vault"], idiom="go flag --")
T(M, "sops_decrypt", "option", "sops -d UTCP_ARG_file_UTCP_END",
  {"file": "string"}, "Decrypt a sops-encrypted file and print it.", {"file": "cfg/secrets.enc.yaml"}, {"file": "--output=/tmp/x"},
  ("argv", "sops", ["--output=/tmp/x"]), wd=D, progs=["sops"], idiom="positional at option slot")
T(M, "mkcert_dev", "split",
  ['echo "issued: $(mkcert -cert-file certs/dev.pem -key-file certs/dev-key.pem "UTCP_ARG_host_UTCP_END" 2>&1 | tail -n 1)"'],
  {"host": "string"}, "Issue a local dev certificate for one host name.", {"host": "app.test"}, {"host": "blindHa blindHb"},
  ("argv", "mkcert", ["blindHa", "blindHb"], False), wd=D, progs=["mkcert"], idiom="nested dq in $( ) inside dq: tracker misread")
T(M, "mkcert_dev_ok", "safe",
  ['out=$(mkcert -cert-file certs/dev.pem -key-file certs/dev-key.pem -- UTCP_ARG_host_UTCP_END 2>&1 | tail -n 1); echo "issued: ${out:-}"'],
  {"host": "string"}, "Issue a local dev certificate for one host name.", {"host": "app.test"}, expect="issued", wd=D,
  progs=["mkcert"], idiom="bare placeholder in $( ) assignment")
T(M, "rand_secret", "safe", "[[ UTCP_ARG_bytes_UTCP_END =~ ^[0-9]{1,3}$ ]] && openssl rand -hex UTCP_ARG_bytes_UTCP_END",
  {"bytes": "string"}, "Generate a random hex secret of N bytes.", {"bytes": "16"}, expect="", progs=["openssl"], idiom="regex guard")
T(M, "encrypt_note", "safe",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -pass pass:UTCP_ARG_passphrase_UTCP_END -in data/notes.txt -out out/notes.enc && echo encrypted",
  {"passphrase": "string"}, "Encrypt notes.txt with a passphrase into out/notes.enc.", {"passphrase": "s3cret"}, expect="encrypted",
  wd=D, progs=["openssl"], idiom="pass: prefix")
T(M, "step_sign_csr", "option", "step ca sign UTCP_ARG_csr_UTCP_END certs/issued.crt --not-after=24h",
  {"csr": "string"}, "Sign a CSR with the step CA.", {"csr": "certs/api.csr"}, {"csr": "--provisioner-password-file=/tmp/blindH_secret.txt"},
  ("argv", "step", ["--provisioner-password-file=/tmp/blindH_secret.txt"]), wd=D, progs=["step"], idiom="positional at option slot")
