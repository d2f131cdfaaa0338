-- Headless Neovim (0.7, Debian's) as a second, independent LSP client:
--
--   MEMLINT_BINARY=... MEMLINT_NVIM_FILE=copy-of-leaky.mlir \
--     nvim --headless --clean -u test/lsp/nvim_test.lua
--
-- Diagnostics must arrive with their code and source, a hover must answer,
-- and, when memlint has fixes, the quick fix for the leak must apply and
-- make the leak go away. Prints "ok - ..." lines; exits 0 on success.

local binary = os.getenv('MEMLINT_BINARY')
local file = os.getenv('MEMLINT_NVIM_FILE')

local function finish(code, msg)
  io.stdout:write(msg .. '\n')
  io.stdout:flush()
  vim.cmd((code == 0 and 'qall!') or ('cquit ' .. code))
end

local function check(cond, msg)
  if not cond then
    finish(1, 'not ok - ' .. msg)
    error(msg)
  end
  io.stdout:write('ok - ' .. msg .. '\n')
end

local function run()
  check(binary ~= nil and file ~= nil, 'MEMLINT_BINARY and MEMLINT_NVIM_FILE set')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'memlint',
    cmd = { binary, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
  })
  check(client_id ~= nil, 'client started')
  check(vim.lsp.buf_attach_client(buf, client_id), 'buffer attached')

  local function lsp_data(d)
    return (d.user_data and d.user_data.lsp) or d
  end
  local function find_leak()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if lsp_data(d).code == 'leak' then
        return d
      end
    end
  end

  check(vim.wait(20000, function() return find_leak() ~= nil end, 20),
        'a leak diagnostic arrived')
  local leak = find_leak()
  check(leak.source == 'memlint', 'its source is memlint')
  check(leak.lnum == 2 and leak.severity == vim.diagnostic.severity.WARN,
        'on line 3, as a warning')
  local related = lsp_data(leak).relatedInformation
  check(related ~= nil and #related == 1, 'with related information')

  local client = vim.lsp.get_client_by_id(client_id)
  local hover = client.request_sync('textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 2, character = 3 },
  }, 10000, buf)
  check(hover and hover.result and
        hover.result.contents.value:find('1,024 bytes', 1, true) ~= nil,
        'hover on %a gives its size')

  -- Neovim keeps only the extra LSP fields in user_data; rebuild the rest.
  local range = {
    start = { line = leak.lnum, character = leak.col },
    ['end'] = { line = leak.end_lnum, character = leak.end_col },
  }
  local actions = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = range,
    context = {
      diagnostics = { {
        range = range, message = leak.message, source = leak.source,
        severity = leak.severity, code = 'leak',
      } },
      only = { 'quickfix' },
    },
  }, 20000, buf)
  check(actions and actions.err == nil,
        'codeAction answered' .. (actions and actions.err and (': ' .. vim.inspect(actions.err)) or ''))
  local fix
  for _, a in ipairs(actions.result or {}) do
    if a.isPreferred and a.edit then
      fix = a
    end
  end
  check(fix ~= nil, 'a preferred quick fix with an edit')
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  check(vim.wait(20000, function() return find_leak() == nil end, 20),
        'after applying it, the leak diagnostic is gone')
  check(#vim.diagnostic.get(buf) > 0, 'the double free is still reported')
  vim.lsp.stop_client(client_id)
  finish(0, 'ok - neovim ' .. tostring(vim.version().major) .. '.' ..
            tostring(vim.version().minor) .. ' passed')
end

local ok, err = pcall(run)
if not ok then
  finish(1, 'not ok - ' .. tostring(err))
end
