"""Charts for the HTML reports: matplotlib drawing inline SVG (the optional extra ``plots``).

``limits`` (axis spans and round histogram bins, pure Python), ``svg`` (matplotlib's style, canvas and SVG
clean-up; the only module that knows how matplotlib is set up) and ``charts`` (line, scatter, histogram).
:class:`~rewardcheck.bench.htmlreport.Page` is their one caller.
"""
