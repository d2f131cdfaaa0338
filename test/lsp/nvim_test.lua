-- Headless Neovim (0.7, Debian's) as a second, independent LSP client,
-- set up by the Neovim snippet of docs/editors.md, run as written:
--
--   MEMLINT_BINARY=... MEMLINT_NVIM_FILE=copy-of-leaky.mlir \
--     nvim --headless --clean -u test/lsp/nvim_test.lua
--
-- The snippet is the ```lua block right after the line
-- `<!-- tested: test/lsp/nvim_test.lua -->`; this test puts MEMLINT_BINARY's
-- directory first on PATH (the snippet runs `memlint`) and changes nothing
-- in it. Opening the file must give it the filetype `mlir` and attach
-- memlint; diagnostics must arrive with their code and source, a hover must
-- answer, the quick fix for the leak must apply and make the leak go away,
-- and other files must share the client of their root (or get their own).
-- Prints "ok - ..." lines; exits 0 on success.

local binary = os.getenv('MEMLINT_BINARY')
local file = os.getenv('MEMLINT_NVIM_FILE')
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local marker = '<!-- tested: test/lsp/nvim_test.lua -->'

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

-- The lines of the ```lua block that follows `marker` in `doc`; errors when
-- the marker, the block or its end is missing, or the marker is there twice.
local function tested_snippet(doc)
  local f = io.open(doc, 'r')
  if not f then
    error(doc .. ': cannot read it')
  end
  local lines = {}
  for line in f:lines() do
    lines[#lines + 1] = line
  end
  f:close()
  local at
  for i, line in ipairs(lines) do
    if line == marker then
      if at then
        error(doc .. ':' .. i .. ': a second ' .. marker)
      end
      at = i
    end
  end
  if not at then
    error(doc .. ': no line ' .. marker .. ' (the Neovim snippet this test runs)')
  end
  if lines[at + 1] ~= '```lua' then
    error(doc .. ':' .. (at + 1) .. ': ' .. marker .. ' is not followed by a ```lua block')
  end
  -- Blank lines first, so that errors name the line of the doc.
  local body = { string.rep('\n', at) }
  for i = at + 2, #lines do
    if lines[i] == '```' then
      return table.concat(body, '\n') .. '\n'
    end
    body[#body + 1] = lines[i]
  end
  error(doc .. ':' .. (at + 1) .. ': the ```lua block never ends')
end

local function memlint_client(b)
  for _, c in pairs(vim.lsp.buf_get_clients(b)) do
    if c.name == 'memlint' then
      return c
    end
  end
end

local function run()
  check(binary ~= nil and file ~= nil, 'MEMLINT_BINARY and MEMLINT_NVIM_FILE set')
  local doc = vim.fn.fnamemodify(here .. '/../../docs/editors.md', ':p')
  local chunk, err = loadstring(tested_snippet(doc), '@' .. doc)
  check(chunk ~= nil, 'the Neovim snippet of docs/editors.md compiles' ..
        (err and (': ' .. err) or ''))
  vim.env.PATH = vim.fn.fnamemodify(binary, ':p:h') .. ':' .. vim.env.PATH
  check(vim.fn.exepath('memlint') == vim.fn.fnamemodify(binary, ':p'),
        'memlint on PATH is MEMLINT_BINARY')
  chunk()
  check(true, 'the snippet ran')

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == 'mlir', 'a .mlir file gets the filetype mlir')
  check(vim.wait(10000, function() return memlint_client(buf) ~= nil end, 20),
        'memlint attached to it')
  local client = memlint_client(buf)
  local client_id = client.id
  local dir = vim.fn.fnamemodify(file, ':p:h')
  check(client.config.cmd[1] == 'memlint' and client.config.cmd[2] == 'lsp',
        'it runs `memlint lsp`')
  check(dir:sub(1, #client.config.root_dir) == client.config.root_dir,
        'its root is the file\'s directory or above it')

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

  -- Another file in the same directory shares the client; one below a
  -- directory with .git gets its own, rooted there.
  vim.cmd('split ' .. vim.fn.fnameescape(dir .. '/second.mlir'))
  local second = vim.api.nvim_get_current_buf()
  check(vim.bo[second].filetype == 'mlir', 'a new .mlir file gets the filetype mlir')
  check(vim.wait(10000, function() return memlint_client(second) ~= nil end, 20) and
        memlint_client(second).id == client_id,
        'a second file of the same root shares the client')
  local project = dir .. '/project'
  vim.fn.mkdir(project .. '/.git', 'p')
  vim.fn.mkdir(project .. '/sub', 'p')
  vim.cmd('split ' .. vim.fn.fnameescape(project .. '/sub/third.mlir'))
  local third = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function() return memlint_client(third) ~= nil end, 20),
        'a file under another root gets memlint too')
  local other = memlint_client(third)
  check(other.id ~= client_id and other.config.root_dir == project,
        'its own client, rooted at the directory holding .git')
  local count = 0
  for _, c in pairs(vim.lsp.get_active_clients()) do
    if c.name == 'memlint' then
      count = count + 1
    end
  end
  check(count == 2, 'two memlint clients in all')

  vim.lsp.stop_client(vim.lsp.get_active_clients())
  finish(0, 'ok - neovim ' .. tostring(vim.version().major) .. '.' ..
            tostring(vim.version().minor) .. ' passed')
end

local ok, err = pcall(run)
if not ok then
  finish(1, 'not ok - ' .. tostring(err))
end
