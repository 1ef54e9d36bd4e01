# The formula for a Homebrew tap in NavLab's own repository, once that repository is published.
# It is not published yet, so OWNER below stands for its account: nothing here installs today
# (Homebrew 4.6.4 and later install formulae only from a tap, never from a file, and this one
# fetches its source from the repository). When the repository exists:
#   - OWNER becomes its account, in homepage, url and head;
#   - url gets `revision:`, the commit the tag names (homebrew-core's rule for git urls);
#   - `license` is the SPDX identifier of the licence the repository carries (it has none yet);
#   - the README gets the tap line: brew tap OWNER/navlab https://github.com/OWNER/navlab,
#     then brew install OWNER/navlab/navlab (or --HEAD for main).
# Built the way homebrew-core builds Swift command-line tools (swiftlint, xcbeautify). Its `test`
# is the one check here that can run without Homebrew: Tests/Formula/test-formula.sh does what it does.
class Navlab < Formula
  desc "Playground for iOS view-controller hierarchies: a prompt, scripts and a live page"
  homepage "https://github.com/OWNER/navlab"
  url "https://github.com/OWNER/navlab.git", tag: "v0.5.0"
  head "https://github.com/OWNER/navlab.git", branch: "main"

  # Swift 6.2 (Hummingbird and swift-log declare it): Xcode 26, on macOS 15 or later.
  depends_on xcode: ["26.0", :build]
  depends_on macos: :sequoia

  uses_from_macos "swift" => :build
  uses_from_macos "libedit"
  uses_from_macos "zlib"

  on_linux do
    depends_on "pkgconf" => :build
  end

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    system "swift", "build", *args, "--configuration", "release", "--product", "navlab"
    # One file: the page (Public/), the catalogue and the tutorials are built into it.
    bin.install ".build/release/navlab"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/navlab --version")
    (testpath/"flow.navlab").write <<~EOS
      initial Nav(Main)
      launch
      push Detail
      expect top is Detail
    EOS
    ENV["NAVLAB_HOME"] = (testpath/"navlab-home").to_s
    assert_match "viewDidAppear Detail", shell_output("#{bin}/navlab run flow.navlab")
    system bin/"navlab", "check", "flow.navlab"
  end
end
