// The search box of a site written by `judge corpus html`: no server, no network. The index
// (search-index.js, beside this file) is loaded the first time the box is used; it maps every
// word to the rules, sections and glossary entries that hold it, and says how to fold letters
// as the index was folded.
(function () {
  'use strict';
  var input = document.getElementById('search');
  var list = document.getElementById('hits');
  if (!input || !list) return;
  var index = null;
  var keys = null;
  var requested = false;
  var pending = null;
  var LIMIT = 30;

  // Runs `then` once the index is there; what was asked while it loads runs when it has loaded.
  function load(then) {
    if (window.JUDGE_SEARCH) { ready(); then(); return; }
    pending = then;
    if (requested) return;
    requested = true;
    var script = document.createElement('script');
    script.src = 'search-index.js';
    script.onload = function () { ready(); if (pending) pending(); };
    document.head.appendChild(script);
  }

  // Postings come as distances from the hit before: summed once, here.
  function ready() {
    if (index) return;
    index = window.JUDGE_SEARCH;
    keys = Object.keys(index.terms).sort();
    keys.forEach(function (key) {
      var postings = index.terms[key];
      for (var i = 1; i < postings.length; i++) postings[i] += postings[i - 1];
    });
  }

  // A rule's address is its number on its section's page; a glossary entry's is given.
  function href(doc) {
    if (doc.length > 2) return doc[2];
    var section = doc[0].slice(0, 3);
    return doc[0].length > 3 ? section + '.html#' + doc[0] : section + '.html';
  }

  function words(text) {
    var folded = '';
    var lower = text.toLowerCase();
    for (var i = 0; i < lower.length; i++) {
      var c = lower.charAt(i);
      folded += Object.prototype.hasOwnProperty.call(index.fold, c) ? index.fold[c] : c;
    }
    return folded.split(/[^a-z0-9]+/).filter(function (w) { return w.length >= 2; });
  }

  // The first key not before `word`, by bisection: the keys that start with it follow.
  function firstFrom(word) {
    var lo = 0, hi = keys.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (keys[mid] < word) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  // Hits holding every word of the question (a word also finds the longer words it starts),
  // rarer words weighing more; ties in the order of the rules.
  function search(question) {
    var found = [];
    var number = question.trim().toLowerCase().replace(/\.$/, '');
    if (/^\d{3}(\.\d{1,4}[a-z]?)?$/.test(number)) {
      for (var d = 0; d < index.docs.length; d++) {
        if (index.docs[d][0] === number) { found.push(d); break; }
      }
    }
    var common = {};
    index.common.forEach(function (w) { common[w] = true; });
    var asked = words(question).filter(function (w) { return !common[w]; });
    if (!asked.length) return found;
    var total = index.docs.length;
    var scores = null;
    asked.forEach(function (word) {
      var weights = {};
      var add = function (postings, share) {
        var weight = share * Math.log(1 + total / postings.length);
        postings.forEach(function (doc) {
          if (!(weights[doc] >= weight)) weights[doc] = weight;
        });
      };
      for (var k = firstFrom(word); k < keys.length && keys[k].lastIndexOf(word, 0) === 0; k++) {
        add(index.terms[keys[k]], keys[k] === word ? 1 : 0.6);
      }
      if (scores === null) {
        scores = weights;
      } else {
        var both = {};
        Object.keys(scores).forEach(function (doc) {
          if (weights[doc] !== undefined) both[doc] = scores[doc] + weights[doc];
        });
        scores = both;
      }
    });
    // A hit whose name or first words hold the question comes first: the rule titled `Trample`,
    // the glossary's `Trample`, before the rules that mention it.
    var starts = function (word, start) { return word.lastIndexOf(start, 0) === 0; };
    Object.keys(scores).forEach(function (d) {
      var doc = index.docs[d];
      var shown = words(doc[0] + ' ' + doc[1]);
      // A glossary entry's name is its headword; a section's, its heading after the number.
      var name = words(doc.length > 2 ? doc[0] : doc[1]);
      if (doc[0].length === 3) name = name.slice(1);
      var named = name.length === asked.length && asked.every(function (w, i) { return starts(name[i], w); });
      if (named) scores[d] *= 4;
      else if (asked.every(function (w) { return shown.some(function (s) { return starts(s, w); }); })) scores[d] *= 1.5;
    });
    var ranked = Object.keys(scores).map(Number).filter(function (d) { return found.indexOf(d) < 0; });
    ranked.sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    // Words written apart that the rules write as one (`time stamp`, `timestamp`).
    if (!ranked.length && asked.length > 1) return found.concat(search(asked.join('')));
    return found.concat(ranked);
  }

  function show() {
    var question = input.value;
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!question.trim()) { list.hidden = true; return; }
    var found = search(question);
    found.slice(0, LIMIT).forEach(function (d) {
      var doc = index.docs[d];
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = href(doc);
      var label = document.createElement('b');
      label.textContent = doc[0];
      link.appendChild(label);
      link.appendChild(document.createTextNode(doc[1]));
      item.appendChild(link);
      list.appendChild(item);
    });
    if (!found.length) {
      var none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'No rule holds all these words.';
      list.appendChild(none);
    } else if (found.length > LIMIT) {
      var more = document.createElement('li');
      more.className = 'none';
      more.textContent = (found.length - LIMIT) + ' more: add a word to narrow the search.';
      list.appendChild(more);
    }
    list.hidden = false;
  }

  input.addEventListener('focus', function () { load(function () {}); });
  input.addEventListener('input', function () { load(show); });
  input.form.addEventListener('submit', function (event) {
    event.preventDefault();
    load(function () {
      show();
      var first = list.querySelector('a');
      if (first) window.location.href = first.href;
    });
  });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { input.value = ''; show(); }
  });
  list.addEventListener('click', function () { list.hidden = true; });
})();
