/**
 * The script of the HTML audit report (report/html.ts): reads the embedded JSON, draws the URL
 * tree, the findings and robots.txt, and filters by crawler, verdict, finding and URL. Plain
 * browser JavaScript in a string, so the page needs no bundler and no network. Every string from
 * the site is set as `textContent`. The tree is virtual: only the rows in view exist in the
 * document, so a 5,000-page site opens and filters quickly (measured in bench/report.mjs).
 */

/** The report page's script. It must not contain `</script`; checked by the report's tests. */
export const REPORT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('robots-kit-data').textContent);
  var report = data.report, rows = data.pages, table = data.verdicts, crawlers = report.crawlers;
  var N = rows.length, explanations = data.explanations || {};
  var VERDICTS = ['indexable', 'noindex', 'blocked', 'error'];
  var LABEL = { indexable: 'indexable', noindex: 'noindex', blocked: 'blocked by robots.txt', error: 'error page' };
  var REASONS = [['crawl', 'fetch'], ['index', 'index'], ['follow', 'follow links'], ['snippet', 'snippet'], ['imagePreview', 'image preview'], ['videoPreview', 'video preview'], ['unavailableAfter', 'unavailable after']];
  var SEVERITY = { error: 0, warning: 1, info: 2 };
  var ROW = 26, OVERSCAN = 400;
  var state = { crawler: 0, verdicts: { indexable: true, noindex: true, blocked: true, error: true }, finding: '', query: '' };

  function el(tag, props, children) {
    var node = document.createElement(tag);
    if (props) for (var key in props) {
      if (key === 'text') node.textContent = props[key];
      else if (key === 'class') node.className = props[key];
      else node.setAttribute(key, props[key]);
    }
    (children || []).forEach(function (child) { if (child != null) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  // Labels from core mark code with backticks.
  function withCode(text) { return el('span', null, text.split('\u0060').map(function (part, i) { return i % 2 ? el('code', { text: part }) : part; })); }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function where(source, file) { return (source.file == null ? file : source.file) + (source.line ? ' line ' + source.line : ''); }
  // Pages: [url, file, flags (1 error page, 2 in a sitemap), canonical, [verdict index per crawler]].
  var urlOf = function (i) { return rows[i][0]; };
  var codes = table.map(function (v) { return !v.crawlable ? 'blocked' : v.indexable ? 'indexable' : 'noindex'; });
  function verdictOf(i, c) { return rows[i][2] & 1 ? 'error' : codes[rows[i][4][c]]; }

  var indexOfUrl = new Map();
  for (var i = 0; i < N; i++) indexOfUrl.set(urlOf(i), i);
  var pageFindings = rows.map(function () { return []; });
  report.findings.forEach(function (finding, f) {
    finding.urls.forEach(function (url) { var p = indexOfUrl.get(url); if (p !== undefined) pageFindings[p].push(f); });
  });

  // The URL tree, flattened depth first: folders know where their subtree ends.
  var root = { children: new Map(), page: -1 };
  for (i = 0; i < N; i++) {
    var node = root;
    urlOf(i).split('/').forEach(function (segment) {
      if (segment === '') return;
      var next = node.children.get(segment);
      if (!next) { next = { name: segment, children: new Map(), page: -1 }; node.children.set(segment, next); }
      node = next;
    });
    if (node.page === -1) node.page = i; else node.children.set('\u0000' + i, { name: urlOf(i), children: new Map(), page: i });
  }
  var nodes = [];
  if (root.page !== -1) nodes.push({ page: root.page, depth: 0, name: '/', parent: -1 });
  var collator = new Intl.Collator('en', { numeric: true });
  (function walk(tree, depth, parent) {
    Array.from(tree.children.keys()).sort(collator.compare).forEach(function (key) {
      var child = tree.children.get(key);
      if (child.children.size === 0) { nodes.push({ page: child.page, depth: depth, name: child.name + (urlOf(child.page).slice(-1) === '/' ? '/' : ''), parent: parent }); return; }
      var folder = { page: -1, depth: depth, name: child.name + '/', parent: parent, end: 0 };
      var at = nodes.push(folder) - 1;
      if (child.page !== -1) nodes.push({ page: child.page, depth: depth + 1, name: urlOf(child.page), parent: at });
      walk(child, depth + 1, at);
      folder.end = nodes.length;
    });
  })(root, 0, -1);
  var nodeOfPage = new Int32Array(N);
  nodes.forEach(function (n, k) { if (n.page !== -1) nodeOfPage[n.page] = k; });

  // What is shown: folders with a matching page, matching pages, and the details opened under them.
  var closed = new Uint8Array(nodes.length), opened = new Uint8Array(N), detailCache = new Map(), detailHeight = new Map();
  var items = [], offsets = [0], shownPages = 0;
  function matches(p) {
    if (!state.verdicts[verdictOf(p, state.crawler)]) return false;
    if (state.finding === '*' ? pageFindings[p].length === 0 : state.finding !== '' && !pageFindings[p].some(function (f) { return report.findings[f].id === state.finding; })) return false;
    return state.query === '' || urlOf(p).indexOf(state.query) !== -1;
  }
  function rebuild() {
    var before = new Uint32Array(nodes.length + 1);
    shownPages = 0;
    nodes.forEach(function (n, k) { var m = n.page !== -1 && matches(n.page); if (m) shownPages++; before[k + 1] = before[k] + (m ? 1 : 0); });
    items = [];
    for (var k = 0; k < nodes.length;) {
      var n = nodes[k];
      if (n.page === -1) {
        if (before[n.end] === before[k]) { k = n.end; continue; }
        items.push(k);
        k = closed[k] ? n.end : k + 1;
        continue;
      }
      if (before[k + 1] > before[k]) { items.push(k); if (opened[n.page]) items.push(-1 - n.page); }
      k++;
    }
    offsets = [0];
    items.forEach(function (item, j) { offsets.push(offsets[j] + (item < 0 ? detailHeight.get(-1 - item) || 240 : ROW)); });
    spacer.style.height = offsets[items.length] + 'px';
    status.textContent = 'Showing ' + shownPages + ' of ' + plural(N, 'page');
  }
  function rowElement(k) {
    var n = nodes[k];
    if (n.page === -1) {
      var folder = el('div', { class: 'folder-row' + (closed[k] ? ' closed' : ''), role: 'button', tabindex: '0', 'aria-expanded': String(!closed[k]) }, [el('span', { text: n.name })]);
      folder.addEventListener('click', function () { closed[k] = closed[k] ? 0 : 1; rebuild(); paint(); });
      folder.style.paddingLeft = 6 + n.depth * 18 + 'px';
      return folder;
    }
    var p = n.page, v = verdictOf(p, state.crawler);
    var dots = el('span', { class: 'dots' });
    crawlers.forEach(function (crawler, c) { var code = verdictOf(p, c); dots.appendChild(el('span', { class: 'dot v-' + code, title: crawler + ': ' + LABEL[code] })); });
    var row = el('div', { class: 'row c-' + v + (opened[p] ? ' sel' : ''), role: 'button', tabindex: '0', 'aria-expanded': String(!!opened[p]), 'data-url': urlOf(p), title: urlOf(p) },
      [dots, el('span', { class: 'url', text: n.name }), el('span', { class: 'verdict', text: (crawlers[state.crawler]) + ': ' + LABEL[v] })]);
    var found = pageFindings[p];
    if (found.length > 0) {
      var worst = found.reduce(function (a, f) { return Math.min(a, SEVERITY[report.findings[f].severity]); }, 2);
      row.appendChild(el('span', { class: 'flag' + (worst === 0 ? ' error' : ''), text: plural(found.length, 'finding') }));
    }
    row.style.paddingLeft = 6 + n.depth * 18 + 'px';
    row.addEventListener('click', function () { toggle(p); });
    row.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle(p); } });
    return row;
  }
  function paint() {
    var top = viewport.scrollTop - OVERSCAN, bottom = viewport.scrollTop + viewport.clientHeight + OVERSCAN;
    var lo = 0, hi = items.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (offsets[mid + 1] <= top) lo = mid + 1; else hi = mid; }
    var focused = document.activeElement && document.activeElement.getAttribute('data-url');
    spacer.textContent = '';
    var remeasure = false;
    for (var j = lo; j < items.length && offsets[j] < bottom; j++) {
      var item = items[j], element;
      if (item < 0) {
        var p = -1 - item;
        element = detailCache.get(p) || detailsFor(p);
        detailCache.set(p, element);
      } else element = rowElement(item);
      element.style.top = offsets[j] + 'px';
      spacer.appendChild(element);
      if (item < 0 && detailHeight.get(-1 - item) !== element.offsetHeight + 8) { detailHeight.set(-1 - item, element.offsetHeight + 8); remeasure = true; }
      if (focused && element.getAttribute('data-url') === focused) element.focus();
    }
    if (remeasure) { var scroll = viewport.scrollTop; rebuild(); viewport.scrollTop = scroll; paint(); }
  }
  function toggle(p, open) {
    opened[p] = open === true ? 1 : opened[p] ? 0 : 1;
    rebuild();
    paint();
  }

  function detailsFor(p) {
    var file = rows[p][1];
    var box = el('div', { class: 'details', 'data-details': urlOf(p) });
    var facts = ['file ' + file, rows[p][2] & 2 ? 'in a sitemap' : 'not in a sitemap'];
    if (rows[p][3]) facts.push('canonical ' + rows[p][3]);
    box.appendChild(el('div', { class: 'muted mono', text: urlOf(p) + ' · ' + facts.join(' · ') }));
    var meant = rows[p][5];
    var heads = [el('th', { text: 'Crawler' }), el('th', { text: meant ? 'Served' : 'Verdict' }), el('th', { text: 'Directives' })];
    if (meant) heads.push(el('th', { text: 'Meant (the build)' }));
    heads.push(el('th', { text: 'Where it came from' }));
    var grid = el('table', null, [el('tr', null, heads)]);
    crawlers.forEach(function (crawler, c) {
      var v = table[rows[p][4][c]], code = verdictOf(p, c);
      var why = el('ul', { class: 'why' });
      REASONS.forEach(function (pair) {
        (v.because[pair[0]] || []).forEach(function (source) {
          why.appendChild(el('li', null, [el('b', { text: pair[1] + ': ' }), el('code', { text: source.text }), ' ', el('span', { class: 'muted', text: '(' + where(source, file) + ')' })]));
        });
      });
      if (!why.firstChild) why.appendChild(el('li', { class: 'muted', text: 'nothing restricts it' }));
      var cells = [
        el('td', { class: 'mono', text: crawler }),
        el('td', null, [el('span', { class: 'dot v-' + code }), LABEL[code] + (v.followLinks ? '' : ', nofollow')]),
        el('td', { class: 'mono', text: v.directives.join(', ') || '—' }),
      ];
      if (meant) {
        var m = table[meant[c]], said = m.directives.join(', ') || '—';
        cells.push(el('td', { class: 'mono' + (said === (v.directives.join(', ') || '—') ? '' : ' differs'), text: said }));
      }
      cells.push(el('td', null, [why]));
      grid.appendChild(el('tr', null, cells));
    });
    box.appendChild(grid);
    var explained = explanations[urlOf(p)];
    if (explained && explained.origins.length > 0) {
      box.appendChild(el('h3', { text: 'Set by' }));
      box.appendChild(el('ul', { class: 'why' }, explained.origins.map(function (origin) {
        var says = Object.keys(origin.directives).map(function (name) { return name + ': ' + origin.directives[name]; }).join('; ');
        return el('li', null, [withCode(origin.label), ' → ', el('code', { text: says || '(nothing)' })]);
      })));
    }
    if (pageFindings[p].length > 0) {
      box.appendChild(el('h3', { text: 'Findings' }));
      box.appendChild(el('ul', { class: 'why' }, pageFindings[p].map(function (f) { return findingLine(report.findings[f], false); })));
    }
    return box;
  }

  // Controls.
  var viewport = document.getElementById('tree'), spacer = el('div', { class: 'spacer' }), status = document.getElementById('status');
  viewport.appendChild(spacer);
  var frame = 0;
  viewport.addEventListener('scroll', function () { if (!frame) frame = requestAnimationFrame(function () { frame = 0; paint(); }); });
  function refresh() { rebuild(); viewport.scrollTop = 0; paint(); updateCounts(); }
  var crawlerButtons = crawlers.map(function (crawler, c) {
    var button = el('button', { type: 'button', class: 'chip', 'data-crawler': crawler, 'aria-pressed': String(c === state.crawler), text: crawler === '*' ? '* (any other)' : crawler });
    button.addEventListener('click', function () {
      state.crawler = c;
      crawlerButtons.forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
      refresh();
    });
    document.getElementById('crawler-filter').appendChild(button);
    return button;
  });
  var verdictBox = document.getElementById('verdict-filter'), verdictCounts = {};
  VERDICTS.forEach(function (verdict) {
    var n = el('span', { class: 'n' });
    var button = el('button', { type: 'button', class: 'chip', 'data-verdict': verdict, 'aria-pressed': 'true' }, [el('span', { class: 'dot v-' + verdict }), LABEL[verdict], n]);
    button.addEventListener('click', function () {
      state.verdicts[verdict] = !state.verdicts[verdict];
      button.setAttribute('aria-pressed', String(state.verdicts[verdict]));
      refresh();
    });
    verdictCounts[verdict] = n;
    verdictBox.appendChild(button);
  });
  function updateCounts() {
    var totals = { indexable: 0, noindex: 0, blocked: 0, error: 0 };
    for (var p = 0; p < N; p++) totals[verdictOf(p, state.crawler)]++;
    VERDICTS.forEach(function (v) { verdictCounts[v].textContent = String(totals[v]); });
  }
  var findingSelect = document.getElementById('finding-filter');
  findingSelect.appendChild(el('option', { value: '*', text: 'pages with any finding' }));
  var ids = [];
  report.findings.forEach(function (finding) { if (ids.indexOf(finding.id) === -1) ids.push(finding.id); });
  ids.forEach(function (id) {
    var n = pageFindings.filter(function (list) { return list.some(function (f) { return report.findings[f].id === id; }); }).length;
    findingSelect.appendChild(el('option', { value: id, text: (data.findingTitles[id] || id) + ' (' + plural(n, 'page') + ')' }));
  });
  findingSelect.addEventListener('change', function () { state.finding = findingSelect.value; refresh(); });
  var search = document.getElementById('url-filter'), timer;
  search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(function () { state.query = search.value.trim(); refresh(); }, 120); });

  // Findings, with links to their pages.
  function findingLine(finding, withLinks) {
    var li = el('li', { 'data-finding': finding.id }, [el('span', { class: 'sev ' + finding.severity, text: finding.severity }), ' ', el('b', { text: data.findingTitles[finding.id] || finding.id }), ' ', el('code', { class: 'muted', text: finding.id }), el('div', { text: finding.message })]);
    if (finding.source) li.appendChild(el('div', { class: 'muted mono', text: where(finding.source, '') }));
    if (withLinks && finding.urls.length > 0) {
      var urls = el('div', { class: 'urls mono' });
      var draw = function (limit) {
        urls.textContent = '';
        finding.urls.slice(0, limit).forEach(function (url) {
          var a = el('a', { href: '#' + encodeURI(url), text: url });
          a.addEventListener('click', function (event) { event.preventDefault(); reveal(url); });
          urls.appendChild(a);
        });
        if (finding.urls.length > limit) {
          var more = el('button', { type: 'button', class: 'chip', text: 'and ' + (finding.urls.length - limit) + ' more' });
          more.addEventListener('click', function () { draw(finding.urls.length); });
          urls.appendChild(more);
        }
      };
      draw(20);
      li.appendChild(urls);
    }
    return li;
  }
  var findingsList = document.getElementById('findings');
  report.findings.forEach(function (finding) { findingsList.appendChild(findingLine(finding, true)); });
  if (report.findings.length === 0) findingsList.appendChild(el('li', { class: 'muted', text: 'No findings.' }));

  /** Shows a page: filters that hide it are cleared, its folders opened, its details expanded. */
  function reveal(url) {
    var p = indexOfUrl.get(url);
    if (p === undefined) return;
    if (!matches(p)) {
      VERDICTS.forEach(function (v) { state.verdicts[v] = true; });
      verdictBox.querySelectorAll('button').forEach(function (b) { b.setAttribute('aria-pressed', 'true'); });
      state.finding = ''; findingSelect.value = ''; state.query = ''; search.value = '';
    }
    for (var k = nodes[nodeOfPage[p]].parent; k !== -1; k = nodes[k].parent) closed[k] = 0;
    opened[p] = 1;
    rebuild();
    updateCounts();
    viewport.scrollIntoView({ block: 'start' });
    viewport.scrollTop = Math.max(0, offsets[items.indexOf(nodeOfPage[p])] - ROW * 2);
    paint();
    var row = spacer.querySelector('.row.sel[data-url="' + CSS.escape(url) + '"]');
    if (row) row.focus();
  }

  // robots.txt and each group's reach.
  var robotsBox = document.getElementById('robots'), robots = data.robotsTxt;
  if (!robots) {
    robotsBox.appendChild(el('p', { class: 'muted', text: report.robotsTxt.found ? 'robots.txt was not included in this report.' : 'No robots.txt in the audited folder: every crawler may fetch every URL.' }));
  } else {
    var pre = el('pre', { class: 'robots-txt mono' });
    robots.lines.forEach(function (line, n) { pre.appendChild(el('span', { class: 'ln', text: String(n + 1) })); pre.appendChild(document.createTextNode(line + '\n')); });
    if (robots.cut) pre.appendChild(el('span', { class: 'muted', text: '(cut)' }));
    var groups = el('div');
    robots.groups.forEach(function (group) {
      var box = el('div', { class: 'group' });
      box.appendChild(el('div', { class: 'mono', text: group.userAgents.map(function (a) { return 'User-agent: ' + a.value; }).join('  ') }));
      box.appendChild(el('div', { class: 'muted', text: 'line ' + (group.userAgents[0] ? group.userAgents[0].line : '?') + ' · read by ' + (group.crawlers.length ? group.crawlers.join(', ') : 'none of the audited crawlers') + ' · blocks ' + group.blocked + ' of ' + plural(N, 'page') }));
      var bar = el('div', { class: 'bar' }, [el('i')]);
      bar.firstChild.style.width = (N ? (100 * group.blocked) / N : 0) + '%';
      box.appendChild(bar);
      box.appendChild(el('ul', { class: 'why' }, group.rules.map(function (rule) {
        return el('li', { class: 'mono' }, [(rule.type === 'allow' ? 'Allow: ' : 'Disallow: ') + rule.value, el('span', { class: 'muted', text: ' (line ' + rule.line + ') decides ' + plural(rule.pages, 'page') })]);
      })));
      groups.appendChild(box);
    });
    if (robots.diagnostics.length > 0) groups.appendChild(el('ul', { class: 'why' }, robots.diagnostics.map(function (d) { return el('li', { text: 'line ' + d.line + ': ' + d.reason }); })));
    robotsBox.appendChild(el('div', { class: 'robots' }, [pre, groups]));
  }

  // Header and summary.
  var s = report.summary;
  document.getElementById('meta').textContent = report.directory + (report.site ? ' · ' + report.site : '') + ' · ' + report.generatedAt + ' · crawlers ' + crawlers.join(', ');
  var summary = document.getElementById('summary');
  [[plural(s.pages, 'page'), ''], [plural(s.findings.error, 'error'), 'error'], [plural(s.findings.warning, 'warning'), 'warning'], [s.findings.info + ' info', 'info'], [s.sitemapUrls + ' sitemap URLs', '']].forEach(function (pair) {
    summary.appendChild(el('span', { class: pair[1] ? 'sev-' + pair[1] : '' }, [el('b', { text: pair[0] })]));
  });
  refresh();
  var hash = '';
  try { hash = decodeURI(location.hash.slice(1)); } catch (error) { hash = ''; }
  if (hash && indexOfUrl.has(hash)) reveal(hash);
  document.documentElement.setAttribute('data-ready', 'true');
})();
`;
