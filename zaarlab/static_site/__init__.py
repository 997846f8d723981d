"""The classroom as a static offline site (``zaarlab site DIR``): the dashboards as Voici pages and the notebooks in
JupyterLite, Python running in each student's browser; :mod:`.build` assembles it from the packages
:mod:`.packages` fetches and prepares."""
