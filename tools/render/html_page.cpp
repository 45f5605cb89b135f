#include "tools/render/html_page.hpp"

#include <cstdio>

#include "engine/dragons.hpp"
#include "tools/common/json.hpp"

namespace tiaoqi::render {
namespace {

std::string line_text(const tools::RecordEvent& event) {
  if (event.kind == tools::RecordEvent::Kind::kElimination)
    return "p" + std::to_string(event.player) + " out: " + event.text;
  return "p" + std::to_string(event.player) + " " + event.text;
}

// JSON is a JavaScript literal; with '<' escaped (it only occurs inside
// strings) no caption can close the script element.
std::string script_literal(const tools::Json& json) {
  const std::string text = json.dump(-1, ' ', true, tools::Json::error_handler_t::replace);
  std::string out;
  for (char c : text) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

}  // namespace

BoardView frame_view(const tools::GameRecord& record, const tools::Replay& replay,
                     std::size_t frame, int viewer) {
  const tools::ReplayFrame& at = replay.frames[frame];
  // After the game every dragon is shown to everyone.
  BoardView view =
      view_of_position(view_for(at.position, at.position.is_over() ? -1 : viewer, at.revealed));
  view.last_path = at.last_path;
  view.captured = at.captured;
  std::string caption = "Game " + std::to_string(record.game);
  if (!record.seating.empty()) {
    caption += ": ";
    for (std::size_t p = 0; p < record.seating.size(); ++p)
      caption += (p ? " - " : "") + record.seating[p];
  }
  if (frame == 0)
    caption += ", opening";
  else
    caption += ", " + std::to_string(frame) + ". " + line_text(record.events[frame - 1]);
  if (at.position.is_over()) caption += "  (result " + record.result + ")";
  view.caption = caption;
  std::vector<bool> eliminated;
  for (int p = 0; p < at.position.rules().player_count(); ++p)
    eliminated.push_back(at.position.is_eliminated(p));
  view.legend =
      legend_of(at.position.rules().seating(), record.seating, view.side_to_move, eliminated);
  return view;
}

std::string game_page(const tools::GameRecord& record, const tools::Replay& replay,
                      const SvgStyle& style, int viewer) {
  // The board and the legend are drawn once, so the legend names the
  // engines without marking whose turn it is.
  BoardView first = frame_view(record, replay, 0);
  first.legend = legend_of(replay.rules->seating(), record.seating, -1);
  const BoardLayers base = layers(first, style);
  char size[96];
  std::snprintf(size, sizeof size, "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\"",
                base.width, base.height, base.width, base.height);
  std::string html =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>" +
      xml_escape("Game " + std::to_string(record.game) + " - " + record.event) +
      "</title>\n<style>\nbody{font-family:sans-serif;background:#fbf8f1;margin:1em}\n"
      "#wrap{display:flex;gap:1.5em;align-items:flex-start}\n"
      "#moves{max-height:80vh;overflow:auto;font-family:monospace;min-width:16em}\n"
      "#moves div{cursor:pointer;padding:1px 4px}#moves div.now{background:#f2dfb6}\n"
      "button{font-size:1.1em;margin-right:.3em}\n</style></head><body>\n";
  html += "<h3>" + xml_escape(record.event + ", game " + std::to_string(record.game)) + "</h3>\n";
  html += "<p>" + xml_escape("Result " + record.result + " (" + record.termination + ")") +
          "<br>Options: " + xml_escape(record.options) + "</p>\n";
  html +=
      "<div><button onclick=\"go(0)\">|&lt;</button><button onclick=\"go(cur-1)\">&lt;</button>"
      "<button onclick=\"go(cur+1)\">&gt;</button><button onclick=\"go(last)\">&gt;|</button>"
      "<input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" oninput=\"go(+this.value)\">"
      " <span id=\"caption\"></span></div>\n<div id=\"wrap\">\n";
  html += "<svg xmlns=\"http://www.w3.org/2000/svg\" " + std::string(size) + ">\n" + base.defs +
          base.board;
  tools::Json captions = tools::Json::array();
  for (std::size_t f = 0; f < replay.frames.size(); ++f) {
    const BoardView view = frame_view(record, replay, f, viewer);
    html += "<g id=\"f" + std::to_string(f) + "\" style=\"display:none\">\n" +
            pieces_layer(view, style) + "</g>\n";
    captions.push_back(view.caption);
  }
  html += "</svg>\n<div id=\"moves\">\n<div data-f=\"0\">opening</div>\n";
  for (std::size_t i = 0; i < record.events.size(); ++i)
    html += "<div data-f=\"" + std::to_string(i + 1) + "\">" + std::to_string(i + 1) + ". " +
            xml_escape(line_text(record.events[i])) + "</div>\n";
  html += "</div></div>\n<script>\nconst captions=" + script_literal(captions) +
          ";\nconst last=" + std::to_string(replay.frames.size() - 1) +
          ";\nlet cur=-1;\n"
          "function go(f){f=Math.max(0,Math.min(last,f));if(cur>=0){"
          "document.getElementById('f'+cur).style.display='none';"
          "document.querySelector('#moves div[data-f=\"'+cur+'\"]').className='';}"
          "cur=f;document.getElementById('f'+f).style.display='';"
          "const row=document.querySelector('#moves div[data-f=\"'+f+'\"]');row.className='now';"
          "row.scrollIntoView({block:'nearest'});"
          "document.getElementById('slider').value=f;"
          "document.getElementById('caption').textContent=captions[f];}\n"
          "document.getElementById('slider').max=last;\n"
          "document.querySelectorAll('#moves div').forEach(d=>d.onclick=()=>go(+d.dataset.f));\n"
          "document.addEventListener('keydown',e=>{if(e.key==='ArrowRight')go(cur+1);"
          "else if(e.key==='ArrowLeft')go(cur-1);else if(e.key==='Home')go(0);"
          "else if(e.key==='End')go(last);});\ngo(0);\n</script>\n</body></html>\n";
  return html;
}

}  // namespace tiaoqi::render
