"""static_archive: one static library of this workspace's code under a cc target.

Engines that do not build with Bazel link one archive and the public header. Bazel 4
has no rule for that (cc_library makes one archive a target), so this rule walks the
target's linking context, takes the static libraries whose owner is in this workspace
(the toolkit's, @cuda, stay out: the engine links its own cudart and cuBLASLt), and
merges their objects into one archive. Each library's objects are extracted into a
folder of their own and renamed with its index first, so that two objects of one name
in different libraries (engine/baseline.c, ops/baseline.cu) both survive; two of one
name in one library fail the action instead of losing one.
"""

def _static_archive_impl(ctx):
    libraries = []
    for dep in ctx.attr.deps:
        for linker_input in dep[CcInfo].linking_context.linker_inputs.to_list():
            if linker_input.owner.workspace_name != ctx.label.workspace_name:
                continue
            for library in linker_input.libraries:
                archive = library.pic_static_library or library.static_library
                if archive != None and archive not in libraries:
                    libraries.append(archive)
    if not libraries:
        fail("%s: no static library of this workspace under %s" % (ctx.label, ctx.attr.deps))
    out = ctx.outputs.out
    lines = [
        "set -euo pipefail",
        "out=$(realpath -m %s)" % out.path,
        "scratch=$(mktemp -d)",
        "trap 'rm -rf \"$scratch\"' EXIT",
    ]
    for index, archive in enumerate(libraries):
        # `ar x` keeps one member of each name: a library with two objects of one name
        # (a/util.c, b/util.c) would lose one, so the member count must survive.
        lines.append(
            ("mkdir \"$scratch/%d\" && (cd \"$scratch/%d\" && ar x \"$OLDPWD/%s\" && " +
             "[ \"$(ls | wc -l)\" -eq \"$(ar t \"$OLDPWD/%s\" | wc -l)\" ] || " +
             "{ echo \"%s: two members of one name\" >&2; exit 1; } && " +
             "for object in *; do mv \"$object\" \"%d_$object\"; done)") %
            (index, index, archive.path, archive.path, archive.path, index),
        )
    lines.append("rm -f \"$out\" && ar rcsD \"$out\" \"$scratch\"/*/*")
    ctx.actions.run_shell(
        inputs = libraries,
        outputs = [out],
        command = "\n".join(lines),
        mnemonic = "StaticArchive",
        progress_message = "Merging %d libraries into %s" % (len(libraries), out.short_path),
    )
    return [DefaultInfo(files = depset([out]))]

static_archive = rule(
    implementation = _static_archive_impl,
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
        "out": attr.output(mandatory = True),
    },
    doc = "Merges the static libraries of this workspace under deps into one archive.",
)
