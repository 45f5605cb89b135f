"""Charts as SVG files (a line chart; a list, its entries with their
intervals), written by hand rather than by a plotting library: the docs'
pictures then come from the renderer that writes their tables, with
nothing to install, and the same figures always give the same bytes
(the docs check compares them)."""

import math

WIDTH, HEIGHT = 760, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 150, 40, 70
# Colours told apart by most readers, also in grey (Okabe and Ito's).
COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9"]
MARKERS = ["circle", "square", "diamond", "triangle", "circle", "square"]


def nice_step(span):
    """A round step for about six grid lines over span."""
    raw = span / 6.0
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def marker(kind, x, y, colour):
    if kind == "square":
        return '<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"/>' % (x - 4, y - 4, colour)
    if kind == "diamond":
        points = "%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" % (
            x,
            y - 5,
            x + 5,
            y,
            x,
            y + 5,
            x - 5,
            y,
        )
        return '<polygon points="%s" fill="%s"/>' % (points, colour)
    if kind == "triangle":
        points = "%.1f,%.1f %.1f,%.1f %.1f,%.1f" % (x, y - 5, x + 5, y + 4, x - 5, y + 4)
        return '<polygon points="%s" fill="%s"/>' % (points, colour)
    return '<circle cx="%.1f" cy="%.1f" r="4" fill="%s"/>' % (x, y, colour)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def axis(values, least_step=1.0):
    """(low, high, step): a range of round steps that holds the values."""
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    step = nice_step(max(high - low, least_step))
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def head(width, height, title, title_x):
    """The opening of a picture: its size, a white ground and its title."""
    return [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"'
        ' font-family="sans-serif" font-size="12">' % (width, height, width, height),
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>'
        % (title_x, escape(title)),
    ]


def line_chart(title, x_labels, series, y_label, tick_format="%+.0f", least_step=1.0):
    """The SVG text of a chart: x_labels along the bottom, and each series
    (name, [point or None for each label]) a line of markers, a point
    (value, low, high) with its interval drawn as a bar (an infinite end
    drawn to the chart's edge)."""
    values = [
        end
        for _, points in series
        for point in points
        if point
        for end in point
        if not math.isinf(end)
    ]
    low, high, step = axis(values, least_step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span_x = max(len(x_labels) - 1, 1)

    def x_of(index):
        return LEFT + plot_w * (index + 0.5) / (span_x + 1)

    def y_of(value):
        value = min(max(value, low), high)
        return TOP + plot_h * (high - value) / (high - low)

    out = head(WIDTH, HEIGHT, title, LEFT)
    tick = low
    while tick <= high + step / 2:
        y = y_of(tick)
        out.append(
            '<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#dddddd"/>'
            % (LEFT, y, LEFT + plot_w, y)
        )
        out.append(
            '<text x="%d" y="%.1f" text-anchor="end">%s</text>'
            % (LEFT - 6, y + 4, tick_format % tick)
        )
        tick += step
    out.append(
        '<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">%s</text>'
        % (TOP + plot_h // 2, TOP + plot_h // 2, escape(y_label))
    )
    for index, label in enumerate(x_labels):
        # A label's lines, one under the other.
        for number, part in enumerate(label.split("\n")):
            out.append(
                '<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                % (x_of(index), TOP + plot_h + 20 + 15 * number, escape(part))
            )
    out.append(
        '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888888"/>'
        % (LEFT, TOP, plot_w, plot_h)
    )
    for number, (name, points) in enumerate(series):
        colour, kind = COLOURS[number % len(COLOURS)], MARKERS[number % len(MARKERS)]
        # Each series is shifted a little sideways so that bars do not hide
        # one another.
        shift = (number - (len(series) - 1) / 2.0) * 6
        placed = [(x_of(i) + shift, point) for i, point in enumerate(points) if point]
        path = " ".join("%.1f,%.1f" % (x, y_of(point[0])) for x, point in placed)
        if len(placed) > 1:
            out.append(
                '<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>' % (path, colour)
            )
        for x, (value, bar_low, bar_high) in placed:
            out.append(
                '<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-opacity="0.6"/>'
                % (x, y_of(bar_low), x, y_of(bar_high), colour)
            )
            out.append(marker(kind, x, y_of(value), colour))
        legend_y = TOP + 10 + 22 * number
        out.append(marker(kind, LEFT + plot_w + 20, legend_y, colour))
        out.append(
            '<text x="%d" y="%d">%s</text>' % (LEFT + plot_w + 32, legend_y + 4, escape(name))
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def interval_chart(title, rows, x_label, tick_format="%+.0f"):
    """The SVG text of a list: one line a row, strongest on top, each row
    (label, value, low, high, group) a marker at its value on a bar over
    its interval (an infinite end drawn to the chart's edge). Rows of
    another group than the first (entries the games never compared with
    the first group's) are drawn in another colour and marker."""
    label_w = 12 + 7 * max((len(label) for label, *_ in rows), default=0)
    row_h, top, bottom = 22, 40, 50
    left, width = LEFT + label_w, WIDTH + label_w
    height = top + bottom + row_h * max(len(rows), 1)
    plot_w = width - left - 30
    values = [end for _, *points, _ in rows for end in points if not math.isinf(end)]
    low, high, step = axis(values)

    def x_of(value):
        value = min(max(value, low), high)
        return left + plot_w * (value - low) / (high - low)

    out = head(width, height, title, 16)
    bottom_y = top + row_h * len(rows)
    tick = low
    while tick <= high + step / 2:
        x = x_of(tick)
        out.append(
            '<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>' % (x, top, x, bottom_y)
        )
        out.append(
            '<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
            % (x, bottom_y + 16, tick_format % tick)
        )
        tick += step
    out.append(
        '<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
        % (left + plot_w / 2, bottom_y + 36, escape(x_label))
    )
    for number, (label, value, bar_low, bar_high, group) in enumerate(rows):
        y = top + row_h * number + row_h / 2
        colour, kind = COLOURS[group % len(COLOURS)], MARKERS[group % len(MARKERS)]
        out.append(
            '<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (left - 10, y + 4, escape(label))
        )
        out.append(
            '<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"'
            ' stroke-opacity="0.6"/>' % (x_of(bar_low), y, x_of(bar_high), y, colour)
        )
        out.append(marker(kind, x_of(value), y, colour))
    out.append(
        '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888888"/>'
        % (left, top, plot_w, bottom_y - top)
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
