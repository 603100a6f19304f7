// The inline script at the end of every prerendered page (src/entries/prerender/entry-prerender.tsx).

/**
 * Loads the page's script once the page has loaded and the browser is idle (at the latest 2 s
 * after the load, on a busy device): nothing on screen waits for it, and it never competes with
 * the page. A click on the cookie banner, the menu or a button of an island, or a form sent, before
 * it arrives is kept (`window.__contabilClicks`) and done again by the script. A choice on the
 * cookie banner closes it at once (the choice is kept when the script does it again), so the
 * visitor never clicks a banner that stays.
 */
export const SCRIPT_LOADER =
  '(function(s,w,d){var q=w.__contabilClicks={targets:[],stop:function(){' +
  'd.removeEventListener("click",h,true);d.removeEventListener("submit",h,true)}};' +
  'function h(e){var t=e.target;if(!t||!t.closest)return;var x=e.type==="submit"?' +
  '(t.closest("[data-island]")&&t):t.closest("[data-consent-choice],[data-consent-reopen],[data-menu-button],[data-island] button");' +
  'if(x){e.preventDefault();q.targets.push(x);' +
  'if(x.hasAttribute("data-consent-choice"))d.documentElement.removeAttribute("data-consent")}}' +
  'd.addEventListener("click",h,true);d.addEventListener("submit",h,true);' +
  'function l(){var m=d.createElement("script");m.type="module";m.src=s.dataset.entry;' +
  'm.setAttribute("data-app-entry",s.dataset.appEntry);d.head.appendChild(m)}' +
  'function i(){w.requestIdleCallback?w.requestIdleCallback(l,{timeout:2000}):setTimeout(l)}' +
  'if(d.readyState==="complete")i();else w.addEventListener("load",i)})(document.currentScript,window,document)'
