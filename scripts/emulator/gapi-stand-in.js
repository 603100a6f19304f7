// Stand-in for https://apis.google.com/js/api.js (Google's iframe loader), served by the Auth
// emulator's local proxy (scripts/auth-emulator-proxy.ts) so federated sign-in works with no
// internet. The Firebase SDK's popup sign-in and the emulator's helper iframe both load that
// script and talk through `gapi.iframes`; this file implements just that conversation
// (register / send / ping) over postMessage. It is never part of a production build.
;(function () {
  var MARK = '__contabilGapiStandIn'
  var FILTER = 'cross-origin-iframes'
  var nextId = 1

  function channel(target) {
    var handlers = {}
    var queued = {}
    var replies = {}
    var ready = false
    var readyWaiters = []
    window.addEventListener('message', function (event) {
      var message = event.data
      if (!message || message[MARK] !== true || event.source !== target) return
      if (message.kind === 'ready') {
        ready = true
        readyWaiters.splice(0).forEach(function (resolve) {
          resolve()
        })
      } else if (message.kind === 'send') {
        if (handlers[message.name]) answer(message)
        else (queued[message.name] = queued[message.name] || []).push(message)
      } else if (message.kind === 'reply' && replies[message.id]) {
        var callback = replies[message.id]
        delete replies[message.id]
        try {
          callback(message.result)
        } catch (error) {
          // The SDK may throw from its callback; the real loader swallows that too.
          if (window.console) console.debug('[gapi stand-in]', error)
        }
      }
    })
    function answer(message) {
      var result
      try {
        result = handlers[message.name](message.data)
      } catch {
        result = { status: 'ERROR' }
      }
      target.postMessage(
        { __contabilGapiStandIn: true, kind: 'reply', id: message.id, result: [result] },
        '*',
      )
    }
    return {
      register: function (name, handler) {
        handlers[name] = handler
        ;(queued[name] || []).splice(0).forEach(answer)
      },
      send: function (name, data, callback) {
        var id = String(nextId++)
        if (callback) replies[id] = callback
        target.postMessage(
          { __contabilGapiStandIn: true, kind: 'send', id: id, name: name, data: data },
          '*',
        )
      },
      whenReady: function () {
        return new Promise(function (resolve) {
          if (ready) resolve()
          else readyWaiters.push(resolve)
        })
      },
      announce: function () {
        target.postMessage({ __contabilGapiStandIn: true, kind: 'ready' }, '*')
      },
    }
  }

  function openIframe(config, then) {
    var element = document.createElement('iframe')
    var attributes = config.attributes || {}
    Object.keys(attributes).forEach(function (key) {
      if (key === 'style') Object.assign(element.style, attributes.style)
      else element.setAttribute(key, attributes[key])
    })
    element.src = config.url
    ;(config.where || document.body).appendChild(element)
    var link = channel(element.contentWindow)
    var iframe = {
      restyle: function () {
        return Promise.resolve()
      },
      ping: function (callback) {
        return link.whenReady().then(function () {
          if (callback) callback()
        })
      },
      register: link.register,
      send: link.send,
    }
    return then ? Promise.resolve(then(iframe)) : Promise.resolve(iframe)
  }

  var parentLink = null
  var context = {
    open: openIframe,
    getParentIframe: function () {
      if (!parentLink) {
        parentLink = channel(window.parent)
        parentLink.announce()
      }
      return parentLink
    },
  }

  window.gapi = {
    load: function (_name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback
      setTimeout(function () {
        if (callback) callback()
      }, 0)
    },
    iframes: {
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      getContext: function () {
        return context
      },
    },
  }

  // The real loader calls `?onload=<name>` and `window.gapi_onload` once it is ready.
  var script = document.currentScript
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]()
    if (typeof window.gapi_onload === 'function') window.gapi_onload()
  }, 0)
})()
