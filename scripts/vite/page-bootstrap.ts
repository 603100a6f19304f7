import {
  POSTS_SORT,
  RESOLVE_LINKS,
  RESOLVE_RELATIONS,
  STORIES_PER_PAGE,
} from '../../src/schemas/content'

// The few lines index.html runs before anything else on a public address (issue 4 "Light"):
//
// 1. preload the page's own code (its route chunk and the layout's), in parallel with the entry;
// 2. start the page's data requests (its story, the city or CNAE it shows) right away, also in
//    parallel; the app's own requests for the same addresses then take these answers instead of
//    asking again (window.fetch hands each one over once, for a GET of exactly that address).
//
// The addresses must be exactly those the app requests: the story through storyblok-js-client
// (its parameter order), the others through the API client. tests/unit/page-bootstrap.test.ts
// runs this script and the real clients side by side to keep them equal.

export type BootstrapOptions = {
  /** Files every public page needs beyond the entry (the site layout's chunk and styles). */
  layout: string[]
  /** [address pattern, files] for each public route, most specific first. */
  routes: [string, string[]][]
  /** The content service (VITE_STORYBLOK_ENDPOINT) and its public token. */
  contentEndpoint: string
  contentToken: string
  /** The main API (VITE_API_URL). */
  apiUrl: string
}

const encode = (value: string | number) => encodeURIComponent(String(value))

export function bootstrapScript({
  layout,
  routes,
  contentEndpoint,
  contentToken,
  apiUrl,
}: BootstrapOptions) {
  const endpoint = contentEndpoint.replace(/\/+$/, '')
  const api = apiUrl.replace(/\/+$/, '')
  // storyblok-js-client's order: version, what the app passes, resolve_level, token.
  const storyQuery =
    `?version=published&resolve_relations=${encode(RESOLVE_RELATIONS.join(','))}` +
    `&resolve_links=${RESOLVE_LINKS}&resolve_level=2&token=${encode(contentToken)}`
  const postsQuery =
    `?version=published&starts_with=${encode('blog/posts/')}&page=1&per_page=${STORIES_PER_PAGE}` +
    `&sort_by=${encode(POSTS_SORT)}&token=${encode(contentToken)}`
  const config = JSON.stringify({
    L: layout,
    r: routes,
    s: `${endpoint}/cdn/stories/`,
    q: storyQuery,
    b: `${endpoint}/cdn/stories${postsQuery}`,
    a: api,
  })
  return `(function(c){var p=location.pathname,h=document.head,P={},m;
if(/^\\/app(\\/|$)/.test(p))return;
for(var i=0;i<c.r.length;i++){if(!new RegExp(c.r[i][0]).test(p))continue;c.L.concat(c.r[i][1]).forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href='/assets/'+f;h.appendChild(l)});break}
try{if(/[?&](_storyblok|preview=1)/.test(location.search)||sessionStorage.getItem('contabil:preview')==='1')return}catch(e){}
var F=window.fetch;function g(u){P[u]=F(u,{headers:{Accept:'application/json'}})}
function s(x){g(c.s+x+c.q)}
var q=location.search;
if(p==='/')s('home');
else if(m=/^\\/(abrir-empresa|trocar-contador|lp\\/irpf\\/\\d{4}|blog\\/posts\\/[a-z0-9-]+)\\/?$/.exec(p))s(m[1]);
else if(m=/^\\/areas\\/([a-z0-9-]+)\\/?$/.exec(p)){s('areas/'+m[1]);g(c.a+'/areas/'+m[1])}
else if(m=/^\\/(contabilidade-em|contador-em)\\/([a-z0-9-]+-[a-z]{2})\\/?$/.exec(p)){s('modelos/'+m[1]);g('/api/cities/'+m[2])}
else if(m=/^\\/tools\\/cnae\\/(\\d{7})(-[a-z0-9-]*)?\\/?$/.exec(p)){s('modelos/cnae');g(c.a+'/cnaes/'+m[1])}
else if(/^\\/tools\\/cnae\\/?$/.test(p)&&!q){s('tools/cnae');g(c.a+'/cnaes?limit=10&offset=0')}
else if(/^\\/blog\\/?$/.test(p)&&!q){s('blog');g(c.b)}
else return;
window.fetch=function(i,o){var u=typeof i==='string'?i:i&&i.url,r=P[u];if(r&&(!o||!o.method||/^get$/i.test(o.method))){delete P[u];return r}return F.apply(this,arguments)}
})(${config})`
}
