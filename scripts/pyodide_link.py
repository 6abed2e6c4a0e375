"""Pyodide's start links its own module faster: changes to the pinned pyodide.asm.mjs
(Emscripten's dynamic linker, and how V8 reads the file), made as vendor/ is written.

Measured in the page, the linker's JavaScript was ~60 ms of every engine worker's start
after the WebAssembly is compiled (Node: updateGOT 28-35 ms, reportUndefinedSymbols 23-27):

- **updateGOT on the main module** made a global-offset-table entry for each of its 8,560
  exports (a ``WebAssembly.Global`` each) and put each of its 7,415 exported functions in
  the function table (5,441 table slots grown one at a time), for side modules that may
  import them; the module's own 280 GOT imports are all JavaScript functions. Here the
  main module's exports that are already in the table's GOT are filled as before, in the
  same order, and any other the first time anything asks for it (a side module's import,
  a side module's export of the same name), exactly as updateGOT would have filled it:
  what is read is the same. (The game loads no side module.)
- **reportUndefinedSymbols** put each JavaScript function the module takes the address of
  (259) in the table through a WebAssembly module of its own, compiled and instantiated
  one by one, after a failed ``table.set`` (a TypeError, its stack captured). Here one
  module imports them all and exports them again, compiled and instantiated once; each
  then goes into the table as before, in the same order, without a read of the whole
  table first (which a JavaScript function is never found in unless put there before).
- **The module's factory** (the function that holds all of the file) is a function in
  parentheses, which V8 compiles as it reads the file, not when Pyodide first calls it.

The function table's layout differs from the unpatched runtime's, so the memory snapshot
is made by this same file (scripts/pyodide_snapshot.py starts vendor/'s Pyodide), never
by node_modules'. (The changes are under Pyodide's MPL-2.0, as the file is.) Each change
replaces exact text: a Pyodide whose text differs stops the build with a message naming
the piece, so a new Pyodide is looked at, not patched blind.
"""

from __future__ import annotations

FILE = "pyodide.asm.mjs"
MARK = "/*wlc-link*/"   # the patched file starts with it (written once, never patched twice)

# (what, the exact text, its replacement)
_CHANGES = (
    # V8 compiles a function in parentheses as it reads the file (a function declaration
    # only when first called: then the whole 1.2 MB factory is parsed again, on the
    # worker's thread, as Pyodide starts). Paired, 40 loads twice: engine -9 and -13 ms.
    ("the module's factory",
     "async function _createPyodideModule(moduleArg={}){",
     "var _createPyodideModule=(async function(moduleArg={}){"),
    ("the module's factory's end",
     ";return moduleRtn}export default _createPyodideModule;",
     ";return moduleRtn});export default _createPyodideModule;"),
    ("the main module's GOT at its instantiation",
     "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();",
     "assignWasmExports(wasmExports);updateMainGOT(origExports);LDSO.init();"),
    ("updateGOT's look at an entry",
     "var existingEntry=GOT[symName]&&GOT[symName].value!=-1;",
     "var existingEntry=gotEntry(symName)&&GOT[symName].value!=-1;"),
    ("the GOT handler's look at an entry",
     "var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];",
     "var GOTHandler={get(weakImports,symName){var rtn=gotEntry(symName);"),
    ("the definition of updateGOT",
     "var updateGOT=(exports,replace)=>{",
     # The main module's exports not yet in GOT: filled when first asked for (gotEntry).
     "var mainGOT=null;"
     "var gotEntry=symName=>{if(!GOT[symName]&&mainGOT&&!mainGOT.taken.has(symName)&&symName in mainGOT.exports)"
     "{mainGOT.taken.add(symName);var one={};one[symName]=mainGOT.exports[symName];updateGOT(one)}return GOT[symName]};"
     "var updateMainGOT=exports=>{var some={};for(var symName in exports){if(GOT[symName])some[symName]=exports[symName]}"
     "mainGOT={exports,taken:new Set(Object.keys(some))};updateGOT(some)};"
     "var updateGOT=(exports,replace)=>{"),
    ("reportUndefinedSymbols",
     "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
     "var reportUndefinedSymbols=()=>{convertJsFunctionsAtOnce();for(var[symName,entry]of Object.entries(GOT)){"),
    # One of those functions goes into the table without a look for it there first: the
    # first look reads the whole table (8,733 slots, a JavaScript object made for each), and
    # a JavaScript function is never found in it unless it was put there before (then its
    # slot is the one it got: early.slot, given to the table's map when that is made).
    ("addFunction",
     "var addFunction=(func,sig)=>{var rtn=getFunctionAddress(func);",
     "var addFunction=(func,sig)=>{var early=convertedAtOnce&&convertedAtOnce.get(func);"
     "if(early&&early.sig===sig){if(early.slot)return early.slot;var slot=getEmptyTableSlot();"
     "setWasmTableEntry(slot,early.wrapped);early.slot=slot;"
     "if(functionsInTableMap)functionsInTableMap.set(func,slot);return slot}"
     "var rtn=getFunctionAddress(func);"),
    ("the table's map, made",
     "functionsInTableMap=new WeakMap;updateTableMap(0,wasmTable.length)}",
     "functionsInTableMap=new WeakMap;updateTableMap(0,wasmTable.length);"
     "if(convertedAtOnce)for(var[f,e]of convertedAtOnce)if(e.slot)functionsInTableMap.set(f,e.slot)}"),
    ("the definition of convertJsFunctionToWasm",
     "var convertJsFunctionToWasm=(func,sig)=>{",
     # Every JavaScript function reportUndefinedSymbols is about to put in the table, through
     # one module (imports "0".."n-1" of module "e", exported again under the same names).
     "var convertedAtOnce=null;"
     "var convertJsFunctionsAtOnce=()=>{var funcs=[],sigs=[],seen=new Set;"
     "for(var[symName,entry]of Object.entries(GOT)){if(entry.value!=-1)continue;"
     "var value=resolveGlobalSymbol(symName,true).sym;"
     "if(typeof value!='function'||typeof value.sig!='string'||seen.has(value))continue;"
     "seen.add(value);funcs.push(value);sigs.push(value.sig)}"
     "if(!funcs.length)return;"
     "var leb=n=>{var out=[];do{var b=n&127;n>>>=7;out.push(n?b|128:b)}while(n);return out};"
     "var vec=items=>[...leb(items.length),...items.flat()];"
     "var section=(id,body)=>[id,...leb(body.length),...body];"
     "var name=i=>{var s=String(i);return[...leb(s.length),...Array.from(s,c=>c.charCodeAt(0))]};"
     "var types=[],typeOf=new Map;"
     "for(var sig of sigs){if(!typeOf.has(sig)){typeOf.set(sig,types.length);"
     "types.push([96,...generateTypePack(sig.slice(1)),...generateTypePack(sig[0]==='v'?'':sig[0])])}}"
     "var bytes=new Uint8Array([0,97,115,109,1,0,0,0,"
     "...section(1,vec(types)),"
     "...section(2,vec(sigs.map((sig,i)=>[1,101,...name(i),0,...leb(typeOf.get(sig))]))),"
     "...section(7,vec(sigs.map((sig,i)=>[...name(i),0,...leb(i)])))]);"
     "var imports={};funcs.forEach((f,i)=>{imports[i]=f});"
     "var exports=new WebAssembly.Instance(new WebAssembly.Module(bytes),{e:imports}).exports;"
     "convertedAtOnce=new Map(funcs.map((f,i)=>[f,{sig:sigs[i],wrapped:exports[i]}]))};"
     "var convertJsFunctionToWasm=(func,sig)=>{"),
)


class PatchError(SystemExit):
    """The pinned Pyodide's linker is not the one these changes were written for."""


def patch(text: str) -> str:
    """pyodide.asm.mjs's ``text`` with the changes made (a text already patched: as is)."""
    if text.startswith(MARK):
        return text
    for what, old, new in _CHANGES:
        found = text.count(old)
        if found != 1:
            raise PatchError(f"scripts/pyodide_link.py: {FILE}: {what} found {found} times, not once "
                             "(a new Pyodide? check its linker against these changes)")
        text = text.replace(old, new)
    return MARK + text
