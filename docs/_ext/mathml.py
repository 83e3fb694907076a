"""The ``mathml`` HTML math renderer: TeX math converted to MathML when the docs build.

Every ``:math:`` role and ``.. math::`` block becomes a ``<math>`` element written
into the page by latex2mathml (pure Python), which browsers lay out natively: no
script, no web font, no network when the page is read. A formula with a command
latex2mathml does not know would reach the page as raw TeX, so it is a build
warning (an error under ``-W``), as is a formula latex2mathml cannot parse.
"""

import html
import re

from docutils import nodes
from latex2mathml.converter import convert
from sphinx.locale import _
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number

logger = logging.getLogger(__name__)

# text of a MathML leaf element that still holds a TeX command: "<mi>\foo</mi>"
_RAW_TEX = re.compile(r">[^<]*\\[^<]*<")


def _mathml(latex, display, node):
    try:
        mathml = convert(latex, display=display)
    except Exception as error:  # latex2mathml raises many kinds for bad input
        logger.warning("math %r cannot be converted to MathML: %s", latex, error,
                       location=node, type="mathml")
        return f"<code>{html.escape(latex)}</code>"
    if _RAW_TEX.search(mathml):
        logger.warning("math %r has a command that MathML conversion does not know",
                       latex, location=node, type="mathml")
    return mathml


def visit_math(self, node):
    self.body.append(self.starttag(node, "span", "", CLASS="math notranslate nohighlight"))
    self.body.append(_mathml(node.astext(), "inline", node))
    self.body.append("</span>")
    raise nodes.SkipNode


def visit_math_block(self, node):
    self.body.append(self.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node["number"]:
        self.body.append(f'<span class="eqno">({get_node_equation_number(self, node)})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    # as sphinx.ext.mathjax: equations apart by a blank line are separate, and one with
    # line breaks (\\) is aligned at its & marks
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        if r"\\" in part and not part.lstrip().startswith(r"\begin"):
            part = r"\begin{aligned}" + part + r"\end{aligned}"
        self.body.append(_mathml(part, "block", node))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app):
    app.add_html_math_renderer("mathml", inline_renderers=(visit_math, None),
                               block_renderers=(visit_math_block, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
