from .common import ALLT
from . import release, datawr, certs, cluster, media, backup, dbops, sysadm, langs, shells, netops  # noqa
ALL = ALLT
STUBS = """kubectl helm terraform aws gcloud az docker podman skopeo crane ffmpeg ffprobe exiftool pandoc gs 7z
redis-cli mysql mongosh vault consul ansible-playbook gh glab poetry uv gem bundle composer go dig nc socat ssh scp
rsync rclone restic borg mc s3cmd doctl pg_dump pg_restore psql trivy cosign syft systemctl journalctl crontab at npm
pip pip3 cargo apt-get ruby php lua Rscript flux argocd kustomize sops age twine hugo mkdocs sphinx-build asciidoctor
qpdf tesseract sox identify mogrify jpegoptim optipng smartctl nft ip ss tcpdump ldapsearch nmap packer sshpass
mongodump convert identify mogrify minikube kind k9s stern velero etcdctl openstack certbot step mkcert""".split()
