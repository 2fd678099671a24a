from .common import T, UP
M = "media_docs"
D = "/tmp/blindH_ws"
T(M, "md_to_html", "option", "pandoc UTCP_ARG_source_UTCP_END --standalone -o site/page.html && echo rendered",
  {"source": "string"}, "Render a Markdown file to site/page.html.", {"source": "docs/index.md"}, {"source": "--lua-filter=/tmp/f.lua"},
  ("argv", "pandoc", ["--lua-filter=/tmp/f.lua"]), wd=D, progs=["pandoc"], idiom="source at option slot")
T(M, "md_to_html_safe", "safe", "pandoc --standalone -o site/page.html -- UTCP_ARG_source_UTCP_END && echo rendered",
  {"source": "string"}, "Render a Markdown file to site/page.html.", {"source": "docs/index.md"}, expect="rendered", wd=D,
  progs=["pandoc"], idiom="--")
T(M, "md_title_meta", "safe", 'pandoc --standalone --metadata "title=UTCP_ARG_title_UTCP_END" -o site/page.html docs/index.md && echo rendered',
  {"title": "string"}, "Render docs/index.md with a page title.", {"title": "Runbook"}, expect="rendered", wd=D,
  progs=["pandoc"], idiom="k=v arg")
T(M, "pdf_compress", "option", "gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -sOutputFile=out/small.pdf UTCP_ARG_pdf_UTCP_END",
  {"pdf": "string"}, "Compress a PDF with ghostscript.", {"pdf": "docs/manual.pdf"}, {"pdf": "-dNOSAFER"},
  ("argv", "gs", ["-dNOSAFER"]), wd=D, progs=["gs"], idiom="input at option slot undoes -dSAFER")
T(M, "pdf_compress_safe", "safe",
  ["case UTCP_ARG_pdf_UTCP_END in -*|*.[Pp][Dd][Ff]) ;; *) echo 'need a .pdf'; exit 2;; esac; case UTCP_ARG_pdf_UTCP_END in -*) echo 'bad name'; exit 2;; esac; gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -sOutputFile=out/small.pdf UTCP_ARG_pdf_UTCP_END"],
  {"pdf": "string"}, "Compress a PDF with ghostscript.", {"pdf": "docs/manual.pdf"}, expect="gs-stub-ok", wd=D,
  progs=["gs"], idiom="double case guard")
T(M, "strip_exif", "option", "exiftool -overwrite_original -all= UTCP_ARG_image_UTCP_END",
  {"image": "string"}, "Strip all metadata from an image.", {"image": "media/photo.jpg"}, {"image": "-if"},
  ("argv", "exiftool", ["-if"]), wd=D, progs=["exiftool"], idiom="image at option slot (-if evaluates perl)")
T(M, "set_exif_comment", "safe", 'exiftool -overwrite_original "-Comment=UTCP_ARG_comment_UTCP_END" -- media/photo.jpg',
  {"comment": "string"}, "Set the Comment tag on the photo.", {"comment": "team offsite"}, expect="exiftool-stub-ok", wd=D,
  progs=["exiftool"], idiom="-TAG=value")
T(M, "video_thumb", "safe", "ffmpeg -hide_banner -y -ss UTCP_ARG_at_UTCP_END -i media/talk.mp4 -frames:v 1 out/thumb.jpg",
  {"at": "string"}, "Grab a thumbnail at a timestamp (e.g. 00:00:05).", {"at": "00:00:05"}, expect="ffmpeg-stub-ok",
  wd=D, progs=["ffmpeg"], idiom="value as -ss argument", optargs=["-ss"])
T(M, "video_transcode", "option", "ffmpeg -hide_banner -y -i media/talk.mp4 UTCP_ARG_codec_opts_UTCP_END out/talk.webm",
  {"codec_opts": "string"}, "Transcode talk.mp4 to WebM; pass codec options like -crf 30.", {"codec_opts": "-crf"},
  {"codec_opts": "-dump_attachment:t"}, ("argv", "ffmpeg", ["-dump_attachment:t"]), wd=D, progs=["ffmpeg"], idiom="free option slot")
T(M, "video_duration", "split",
  ['echo "duration: $(ffprobe -v error -show_entries format=duration -of csv=p=0 "UTCP_ARG_file_UTCP_END")s"'],
  {"file": "string"}, "Print a video's duration.", {"file": "media/talk.mp4"}, {"file": "blindHa blindHb"},
  ("argv", "ffprobe", ["blindHa", "blindHb"], False), wd=D, progs=["ffprobe"], idiom="tracker misreads nested dq")
T(M, "video_duration_ok", "safe",
  ['d=$(ffprobe -v error -show_entries format=duration -of csv=p=0 -i "UTCP_ARG_file_UTCP_END"); echo "duration: ${d:-?}s"'],
  {"file": "string"}, "Print a video's duration.", {"file": "media/talk.mp4"}, expect="duration", wd=D,
  progs=["ffprobe"], idiom="assignment then ${d:-}", optargs=["-i"])
T(M, "thumbnail", "option", "convert UTCP_ARG_image_UTCP_END -thumbnail 256x256 out/thumb.png && echo ok",
  {"image": "string"}, "Make a 256px thumbnail of an image.", {"image": "media/red.ppm"}, {"image": "-write"},
  ("argv", "convert", ["-write"]), wd=D, progs=["convert"], idiom="input at option slot")
T(M, "image_info", "split", "identify -format '%w x %h\\n' $(printf '%s' UTCP_ARG_image_UTCP_END)",
  {"image": "string"}, "Print the size of one image.", {"image": "media/red.ppm"}, {"image": "blindHa blindHb"},
  ("argv", "identify", ["blindHa", "blindHb"], False), wd=D, progs=["identify"], idiom="unquoted $( )")
T(M, "batch_resize", "split", "printf '%s\\n' UTCP_ARG_name_UTCP_END | sed 's|^|media/|' | xargs mogrify -resize 50%",
  {"name": "string"}, "Halve the size of one image in media/.", {"name": "red.ppm"},
  {"name": "a b.ppm"}, ("argv", "mogrify", ["media/a", "b.ppm"], False), wd=D, progs=["mogrify", "xargs", "sed"],
  idiom="xargs splits the value")
T(M, "ocr_page", "option", "tesseract UTCP_ARG_image_UTCP_END stdout -l eng",
  {"image": "string"}, "OCR a scanned page.", {"image": "media/page.png"}, {"image": "--tessdata-dir"},
  ("argv", "tesseract", ["--tessdata-dir"]), wd=D, progs=["tesseract"], idiom="input at option slot")
T(M, "audio_normalize", "safe", ['[[ UTCP_ARG_name_UTCP_END =~ ^[A-Za-z0-9_-]+$ ]] || { echo "bad name"; exit 2; }; sox --norm "media/UTCP_ARG_name_UTCP_END.wav" "out/UTCP_ARG_name_UTCP_END-norm.wav"'],
  {"name": "string"}, "Normalize a WAV file from media/ into out/.", {"name": "intro"}, expect="sox-stub-ok", wd=D,
  progs=["sox"], idiom="prefix paths (stub; see label)")
T(M, "build_docs", "broken", "sphinx-build -b html docs site && echo \"built into $PWD/site\"",
  {}, "Build the Sphinx documentation into site/.", {}, check=("broken", "built into"), wd=D, progs=["sphinx-build"],
  idiom="$PWD substituted by client")
T(M, "build_docs_builder", "safe", "sphinx-build -q -b UTCP_ARG_builder_UTCP_END docs site && echo built",  # noqa
  {"builder": "string"}, "Build the docs with a Sphinx builder (html, latex, linkcheck).", {"builder": "html"}, expect="built",
  wd=D, progs=["sphinx-build"], idiom="value as -b argument", optargs=["-b"])
T(M, "adoc_render", "option", "asciidoctor -D site UTCP_ARG_doc_UTCP_END && echo rendered",
  {"doc": "string"}, "Render an AsciiDoc file into site/.", {"doc": "docs/guide.adoc"}, {"doc": "-r/tmp/evil.rb"},
  ("argv", "asciidoctor", ["-r/tmp/evil.rb"]), wd=D, progs=["asciidoctor"], idiom="input at option slot (-r requires ruby)")
T(M, "pdf_merge", "option", "qpdf --empty --pages UTCP_ARG_first_UTCP_END UTCP_ARG_second_UTCP_END -- out/merged.pdf",
  {"first": "string", "second": "string"}, "Merge two PDFs.", {"first": "a.pdf", "second": "b.pdf"},
  {"first": "@/tmp/blindH_secret.txt", "second": "b.pdf"}, ("argv", "qpdf", ["@/tmp/blindH_secret.txt"]), wd=D,
  progs=["qpdf"], idiom="qpdf @argfile expansion")
T(M, "compile_translations", "write", 'msgfmt -o "locale/UTCP_ARG_lang_UTCP_END.mo" po/app.po && echo compiled',
  {"lang": "string"}, "Compile po/app.po into locale/<lang>.mo.", {"lang": "de"}, {"lang": UP + "{W}"}, ("file", "{W}.mo"),
  wd=D, progs=["msgfmt"], idiom="-o path join")
